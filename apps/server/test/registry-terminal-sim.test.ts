import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_TERMINAL_SETTINGS, SIM_IMPORT_COLUMNS } from '@liftguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/platform/tokens.ts';
import { type Harness, startHarness } from './harness.ts';
import { ALL_URIS, client, makeCompany, makeUser, upload, waitJob } from './registry-helper.ts';

let h: Harness;
let A: ReturnType<typeof client>;
let B: ReturnType<typeof client>;
let tokenA: string;
let companyA: number;

beforeAll(async () => {
  h = await startHarness();
  const db = h.handle.db;
  companyA = await makeCompany(db, 'Term A');
  const b = await makeCompany(db, 'Term B');
  tokenA = (await makeUser(db, companyA, ALL_URIS)).token;
  A = client(h, tokenA);
  B = client(h, (await makeUser(db, b, ALL_URIS)).token);
}, 120_000);
afterAll(async () => h?.close());

describe('terminals', () => {
  it('registers a terminal with a one-time MQTT secret stored only as a hash', async () => {
    const r = await A.post('/device/terminal/add', { terminal_id: 'L_0000001', version: 'V_1203_beta' });
    expect(r.body.data).toMatchObject({ terminal_id: 'L_0000001', type: 't', mqtt_username: 'L_0000001' });
    const secret = r.body.data.mqtt_secret as string;
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const row = await h.handle.db
      .selectFrom('terminal')
      .select(['mqtt_secret_hash', 'company_id'])
      .where('terminal_id', '=', 'L_0000001')
      .executeTakeFirstOrThrow();
    expect(row.mqtt_secret_hash).toBe(hashToken(secret));
    expect(row.company_id).toBe(companyA);
    expect((await A.post('/device/terminal/add', { terminal_id: 'L_0000001' })).body.code).toBe(4154);
    expect((await A.post('/device/terminal/add', { terminal_id: 'bad id' })).body.code).toBe(4145);
    expect((await A.post('/device/terminal/add', { terminal_id: 'F0000001' })).body.code).toBe(4148);
    expect((await A.post('/device/terminal/add', { terminal_id: 'F0000001', face_id: 'face-1' })).body.data.type).toBe('f');
    expect((await A.post('/device/terminal/add', { terminal_id: 'E00777' })).body.data.type).toBe('e');
    expect((await A.post('/device/terminal/add', { terminal_id: 'WCR0001' })).body.data.type).toBe('wcr');
  });

  it('lists by type and bound state with the version number, scoped to the company', async () => {
    await A.post('/device/add', { name: 'With T', code: 'TS-1', positive_floors: 3, terminal_id: 'L_0000001' });
    const all = (await A.get('/device/terminal/list?size=24')).body.data;
    expect(all.totalRow).toBe(4);
    const l = all.list.find((t: { terminal_id: string }) => t.terminal_id === 'L_0000001');
    expect(l).toMatchObject({ version_number: 1203, bound: true, lift_name: 'With T' });
    expect((await A.get('/device/terminal/list?type=f')).body.data.list.map((t: { terminal_id: string }) => t.terminal_id)).toEqual([
      'F0000001',
    ]);
    expect((await A.get('/device/terminal/list?bound=0&size=24')).body.data.totalRow).toBe(3);
    expect((await B.get('/device/terminal/list')).body.data.totalRow).toBe(0);
  });

  it('deletes only unbound terminals of the own scope', async () => {
    const list = (await A.get('/device/terminal/list?size=24')).body.data.list as Array<{ id: number; terminal_id: string }>;
    const bound = list.find((t) => t.terminal_id === 'L_0000001')?.id;
    const free = list.find((t) => t.terminal_id === 'WCR0001')?.id;
    expect((await A.post('/device/terminal/delete', { id: bound })).body.code).toBe(4155);
    expect((await B.post('/device/terminal/delete', { id: free })).body.code).toBe(4064);
    expect((await A.post('/device/terminal/delete', { id: free })).status).toBe(200);
  });

  it('stores default settings per company within the limits', async () => {
    expect((await A.get('/device/terminal/settings')).body.data).toEqual(DEFAULT_TERMINAL_SETTINGS);
    const next = structuredClone(DEFAULT_TERMINAL_SETTINGS);
    next.scroll_para = { speed: 5, content_list: [{ content: 'Welcome', end_time: '2026-12-31' }] };
    next.system_para.display_count = 5;
    expect((await A.put('/device/terminal/settings', next)).status).toBe(200);
    expect((await A.get('/device/terminal/settings')).body.data.scroll_para.speed).toBe(5);
    expect((await B.get('/device/terminal/settings')).body.data.scroll_para.speed).toBe(2);
    const bad = structuredClone(next);
    bad.scroll_para.speed = 11;
    expect((await A.put('/device/terminal/settings', bad)).body.code).toBe(4001);
    const bad2 = structuredClone(next);
    bad2.system_para.display_count = 6;
    expect((await A.put('/device/terminal/settings', bad2)).body.code).toBe(4001);
    const bad3 = structuredClone(next);
    bad3.ad_videos = bad3.ad_videos.slice(0, 2);
    expect((await A.put('/device/terminal/settings', bad3)).body.code).toBe(4001);
  });

  it('stores uploads in the file store served at /f/ after type checks', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const r = await upload(h, tokenA, '/device/terminal/upload', { kind: 'image' }, { name: 'licence.png', content: png });
    expect(r.status).toBe(200);
    expect(r.body.data.url).toMatch(/^\/f\/terminal\/\d+\/image-.*\.png$/);
    expect(existsSync(path.join(h.ctx.config.filesDir, r.body.data.url.slice(3)))).toBe(true);
    const served = await h.app.inject({ method: 'GET', url: r.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(
      (await upload(h, tokenA, '/device/terminal/upload', { kind: 'image' }, { name: 'x.png', content: Buffer.from('not a png') })).body
        .code,
    ).toBe(4153);
    expect(
      (await upload(h, tokenA, '/device/terminal/upload', { kind: 'apk' }, { name: 'evil.apk', content: Buffer.from('PK\u0003\u0004') }))
        .body.code,
    ).toBe(4153);
    expect((await upload(h, tokenA, '/device/terminal/upload', { kind: 'weird' }, { name: 'x.png', content: png })).body.code).toBe(4001);
  });
});

describe('SIM cards', () => {
  let simId: number;
  it('adds SIMs with the IMSI/BS rules', async () => {
    const r = await A.post('/device/sim/add', {
      imsi: '460001234567890',
      bs_number: '1440123456789',
      net_type: '4G',
      open_date: '2026-01-01',
      traffic_expire: '2099-01-01',
    });
    expect(r.status).toBe(200);
    simId = r.body.data.id;
    expect((await A.post('/device/sim/add', { imsi: '460001234567890' })).body.code).toBe(4096);
    expect((await A.post('/device/sim/add', { imsi: '460001234567891', bs_number: '1440123456789' })).body.code).toBe(4094);
    expect((await A.post('/device/sim/add', { imsi: '460001234567892', bs_number: '18600000000' })).body.code).toBe(4095);
    expect((await A.post('/device/sim/add', { imsi: '12345' })).body.code).toBe(4150);
  });

  it('derives "about to expire" and "traffic nearly used up" and filters by them', async () => {
    const soon = new Date(Date.now() + 10 * 86400e3).toISOString().slice(0, 10);
    await A.post('/device/sim/add', { imsi: '460011111111111', traffic_expire: soon });
    await A.post('/device/sim/add', { imsi: '460031111111111', traffic_expire: '2099-01-01', traffic_total_mb: 100, traffic_used_mb: 95 });
    await A.post('/device/sim/add', { imsi: '460071111111111', state: 'arrears' });
    const states = (await A.get('/device/sim/list?size=24')).body.data.list.map(
      (s: { imsi: string; display_state: string }) => `${s.imsi}:${s.display_state}`,
    );
    expect(states.sort()).toEqual([
      '460001234567890:normal',
      '460011111111111:expiring',
      '460031111111111:traffic_low',
      '460071111111111:arrears',
    ]);
    expect((await A.get('/device/sim/list?state=expiring')).body.data.list[0].carrier).toBe('cucc');
    expect((await A.get('/device/sim/list?carrier=ctcc')).body.data.totalRow).toBe(1);
    expect((await A.get('/device/sim/list?keyword=1440123')).body.data.totalRow).toBe(1);
  });

  it("keeps company B away from A's SIM cards", async () => {
    expect((await B.get('/device/sim/list')).body.data.totalRow).toBe(0);
    expect((await B.get(`/device/sim/detail?id=${simId}`)).body.code).toBe(4064);
    expect((await B.put('/device/sim/update', { id: simId, package: 'x' })).body.code).toBe(4064);
    expect((await B.post('/device/sim/delete', { id: simId })).body.code).toBe(4064);
    expect((await A.put('/device/sim/update', { id: simId, package: '10G/month' })).status).toBe(200);
    expect((await A.get(`/device/sim/detail?id=${simId}`)).body.data.package).toBe('10G/month');
  });

  it('keeps the stored state on a partial update', async () => {
    const arrears = (await A.get('/device/sim/list?state=arrears')).body.data.list[0];
    expect((await A.put('/device/sim/update', { id: arrears.id, package: 'P1' })).status).toBe(200);
    expect((await A.get(`/device/sim/detail?id=${arrears.id}`)).body.data).toMatchObject({ state: 'arrears', package: 'P1' });
  });

  it('imports SIMs from csv with a per-row report', async () => {
    const csv = [
      SIM_IMPORT_COLUMNS.join(','),
      '460002222222222,,1440222222222,中国移动,normal,4G,2026-01-01,2099-01-01,5G pack,1000,0',
      '460002222222222,,,,,,,,,,', // duplicate IMSI in file
      '460013333333333,,13800000000,,,,,,,,', // IMSI unicom, BS mobile
      '460001234567890,,,,,,,,,,', // exists
      '123,,,,,,,,,,',
    ].join('\n');
    const r = await upload(h, tokenA, '/device/sim/import', {}, { name: 'sims.csv', content: Buffer.from(csv) });
    const { job } = await waitJob(h, tokenA, r.body.data.id);
    expect(job).toMatchObject({ status: 'done', ok_count: 1, fail_count: 4 });
    expect(job.errors.map((e: { row: number; code: number }) => [e.row, e.code])).toEqual([
      [3, 4096],
      [4, 4095],
      [5, 4096],
      [6, 4150],
    ]);
  });
});
