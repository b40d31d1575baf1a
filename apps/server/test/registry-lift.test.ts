import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';
import { ALL_URIS, client, makeCommunity, makeCompany, makeTerminal, makeUser } from './registry-helper.ts';

let h: Harness;
let A: ReturnType<typeof client>;
let A2: ReturnType<typeof client>;
let B: ReturnType<typeof client>;
let viewer: ReturnType<typeof client>;
let companyA: number;
let communityA: number;
let communityB: number;

const lift = (over: Record<string, unknown> = {}) => ({
  name: 'Lift 1',
  code: `C-${Math.random().toString(36).slice(2, 10)}`,
  positive_floors: 10,
  negative_floors: 1,
  ...over,
});

beforeAll(async () => {
  h = await startHarness();
  const db = h.handle.db;
  companyA = await makeCompany(db, 'Company A');
  const companyB = await makeCompany(db, 'Company B');
  communityA = await makeCommunity(db, companyA, 'Garden A');
  communityB = await makeCommunity(db, companyB, 'Garden B');
  A = client(h, (await makeUser(db, companyA, ALL_URIS, { extraAuth: ['lift_expire_edit'] })).token);
  A2 = client(h, (await makeUser(db, companyA, ALL_URIS)).token);
  B = client(h, (await makeUser(db, companyB, ALL_URIS, { language: 'pt-PT' })).token);
  viewer = client(h, (await makeUser(db, companyA, [])).token);
  await makeTerminal(db, 'T0000001', 't', companyA, true);
  await makeTerminal(db, 'T0000002', 't', null);
  await makeTerminal(db, 'TB000001', 't', companyB);
  await makeTerminal(db, 'F0000001', 'f', companyA);
  await makeTerminal(db, 'T0000009', 't', companyA);
}, 120_000);
afterAll(async () => h?.close());

describe('lift create and rules', () => {
  it('creates a lift with default 12-month expiry, in the caller company, and shows it', async () => {
    const r = await A.post(
      '/device/add',
      lift({ name: 'East 1', community_id: communityA, terminal_id: 'T0000001', variety: 13, latitude: 22.5, longitude: 114.05 }),
    );
    expect(r.status).toBe(200);
    const d = await A.get(`/device/detail?id=${r.body.data.id}`);
    const l = d.body.data;
    expect(l.company_id).toBe(companyA);
    expect(l.community_name).toBe('Garden A');
    expect(l.variety_name).toBe('Escalator');
    expect(l.total_floors).toBe(11);
    expect(l.j_floors).toEqual(['-1', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(l.state).toBe('online');
    const months = (Date.parse(l.expire_at) - Date.parse(l.created_at)) / (30.4 * 86400e3);
    expect(Math.round(months)).toBe(12);
  });

  it('refuses bad floors, through-door > 32, bad formats, empty dates with their codes in the caller language', async () => {
    expect((await A.post('/device/add', lift({ positive_floors: 65, negative_floors: 0 }))).body.code).toBe(4140);
    expect((await A.post('/device/add', lift({ j_floors: ['1', 'B2'] }))).body).toEqual({ code: 4049, msg: 'Floors must be numbers' });
    expect((await A.post('/device/add', lift({ positive_floors: 33, negative_floors: 0, is_through_door: true }))).body.code).toBe(4141);
    expect((await A.post('/device/add', lift({ terminal_id: 'X123' }))).body.code).toBe(4145);
    expect((await A.post('/device/add', lift({ m3u8_url: 'ftp://x/a.m3u8' }))).body.code).toBe(4146);
    expect((await A.post('/device/add', lift({ insurance_expire: '' }))).body.code).toBe(4144);
    const alarm = [1, 2, 3].map((i) => ({ name: `P${i}`, mobile: `1380000000${i}` }));
    expect((await A.post('/device/add', lift({ j_alarm_charger: alarm }))).body.code).toBe(4143);
    const pt = await B.post('/device/add', lift({ positive_floors: 0, negative_floors: 0 }));
    expect(pt.body.msg).toBe('O número de pisos tem de ser de 1 a 64');
  });

  it('enforces unique codes, terminal binding and face terminals', async () => {
    const first = await A.post('/device/add', lift({ code: 'UNIQ-1', terminal_id: 'T0000002', face_terminal_id: 'F0000001' }));
    expect(first.status).toBe(200);
    expect((await A.post('/device/add', lift({ code: 'UNIQ-1' }))).body.code).toBe(4062);
    expect((await A.post('/device/add', lift({ terminal_id: 'T0000002' }))).body.code).toBe(4043);
    expect((await A.post('/device/add', lift({ terminal_id: 'T9999999' }))).body.code).toBe(4061);
    // a terminal of another company is unknown to A
    expect((await A.post('/device/add', lift({ terminal_id: 'TB000001' }))).body.code).toBe(4061);
    expect((await A.post('/device/add', lift({ face_terminal_id: 'F0000001' }))).body.code).toBe(4091);
    expect((await A.post('/device/add', lift({ face_terminal_id: 'T0000009' }))).body.code).toBe(4158);
    // the unassigned terminal now belongs to A
    const t = await h.handle.db.selectFrom('terminal').select('company_id').where('terminal_id', '=', 'T0000002').executeTakeFirstOrThrow();
    expect(t.company_id).toBe(companyA);
  });

  it('keeps a secondary lift within its main lift and the main lift above its secondaries', async () => {
    const main = (await A.post('/device/add', lift({ positive_floors: 10, negative_floors: 0 }))).body.data.id;
    expect((await A.post('/device/add', lift({ positive_floors: 11, negative_floors: 0, main_lift_id: main }))).body.code).toBe(4142);
    const sec = await A.post('/device/add', lift({ positive_floors: 9, negative_floors: 0, main_lift_id: main }));
    expect(sec.status).toBe(200);
    expect((await A.post('/device/add', lift({ main_lift_id: sec.body.data.id, positive_floors: 2 }))).body.code).toBe(4149);
    expect((await A.put('/device/update', { id: main, positive_floors: 8 })).body.code).toBe(4142);
    expect((await A.put('/device/update', { id: main, positive_floors: 12 })).status).toBe(200);
  });

  it('keeps an older alarm setting of 3 people unless it is changed', async () => {
    const id = (await A.post('/device/add', lift())).body.data.id;
    const three = [1, 2, 3].map((i) => ({ name: `P${i}`, mobile: `1380000000${i}` }));
    await h.handle.db
      .updateTable('lift')
      .set({ j_alarm_charger: JSON.stringify(three), alarm_charger_set_at: new Date('2025-01-01') })
      .where('id', '=', id)
      .execute();
    expect((await A.put('/device/update', { id, name: 'renamed', j_alarm_charger: three })).status).toBe(200);
    expect(
      (await A.put('/device/update', { id, j_alarm_charger: [...three.slice(0, 2), { name: 'N', mobile: '13900000009' }] })).body.code,
    ).toBe(4143);
    expect((await A.put('/device/update', { id, j_alarm_charger: three.slice(0, 2) })).status).toBe(200);
  });

  it('lets only the expiry permission set expire_at (4147), and shows expired lifts offline', async () => {
    const past = new Date(Date.now() - 86400e3).toISOString();
    expect((await A2.post('/device/add', lift({ expire_at: past }))).body.code).toBe(4147);
    const r = await A.post('/device/add', lift({ expire_at: past, terminal_id: 'T0000009' }));
    expect(r.status).toBe(200);
    await h.handle.db.updateTable('terminal').set({ online: true }).where('terminal_id', '=', 'T0000009').execute();
    const d = (await A.get(`/device/detail?id=${r.body.data.id}`)).body.data;
    expect(d.state).toBe('offline');
    expect(d.expired).toBe(true);
    const expired = (await A.get('/device/end_time_list')).body.data;
    expect(expired.list.map((l: { id: number }) => l.id)).toContain(r.body.data.id);
    const renewed = await A.post('/device/renew', { id: r.body.data.id, months: 12 });
    expect(Date.parse(renewed.body.data.expire_at)).toBeGreaterThan(Date.now() + 300 * 86400e3);
    expect((await A.get(`/device/detail?id=${r.body.data.id}`)).body.data.state).toBe('online');
    expect((await A.post('/device/renew', { id: 999999, months: 12 })).body.code).toBe(4037);
  });

  it('changes only the fields a partial update sends', async () => {
    const id = (await A.post('/device/add', lift({ variety: 13, brand: 'KONE', sms_limit: 5 }))).body.data.id;
    expect((await A.put('/device/update', { id, name: 'Partial' })).status).toBe(200);
    expect((await A.get(`/device/detail?id=${id}`)).body.data).toMatchObject({
      name: 'Partial',
      variety: 13,
      brand: 'KONE',
      sms_limit: 5,
      total_floors: 11,
    });
  });

  it('refuses a community outside the scope and a write without the URI', async () => {
    expect((await A.post('/device/add', lift({ community_id: communityB }))).body.code).toBe(4032);
    expect((await viewer.post('/device/add', lift())).body.code).toBe(4053);
  });
});

describe('lift lists, delete, favourites, tenancy', () => {
  it('pages, searches, filters and sorts within the scope', async () => {
    for (let i = 0; i < 14; i++) await A.post('/device/add', lift({ name: `Pager ${i}`, variety: i % 2 ? 1 : 2 }));
    const p1 = (await A.get('/device/list?page=1&size=12&keyword=pager')).body.data;
    expect(p1.totalRow).toBe(14);
    expect(p1.list).toHaveLength(12);
    expect(p1.list[0].id).toBeGreaterThan(p1.list[1].id);
    const p2 = (await A.get('/device/list?page=2&size=12&keyword=pager')).body.data;
    expect(p2.list).toHaveLength(2);
    expect((await A.get('/device/list?size=13')).body.code).toBe(4001);
    const cargo = (await A.get('/device/list?keyword=pager&variety=1&size=24')).body.data;
    expect(cargo.totalRow).toBe(7);
    const byName = (await A.get('/device/list?keyword=pager&orderKey=name&orderMethod=asc&size=24')).body.data.list;
    expect(byName[0].name).toBe('Pager 0');
    expect((await A.get('/device/list?orderKey=drop_table')).status).toBe(200);
    const bound = (await A.get('/device/list?bound=1&size=24')).body.data.list;
    expect(bound.every((l: { terminal_id: string | null }) => l.terminal_id !== null)).toBe(true);
    const online = (await A.get('/device/list?online=1&size=24')).body.data.list;
    expect(online.length).toBeGreaterThan(0);
    expect(online.every((l: { state: string }) => l.state !== 'offline')).toBe(true);
    expect((await B.get('/device/list?keyword=pager')).body.data.totalRow).toBe(0);
  });

  it('soft-deletes to the deleted list, 4045 on a second delete, restores', async () => {
    const id = (await A.post('/device/add', lift({ code: 'DEL-1' }))).body.data.id;
    expect((await A.post('/device/delete', { id })).status).toBe(200);
    expect((await A.post('/device/delete', { id })).body.code).toBe(4045);
    expect((await A.get('/device/remove_list')).body.data.list.map((l: { id: number }) => l.id)).toContain(id);
    expect((await A.get('/device/list?keyword=DEL-1')).body.data.totalRow).toBe(0);
    expect((await A.post('/device/restore', { id })).status).toBe(200);
    expect((await A.get('/device/list?keyword=DEL-1')).body.data.totalRow).toBe(1);
    const audit = await h.handle.db.selectFrom('audit_log').select('action').where('target', '=', `lift:${id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['lift.create', 'lift.delete', 'lift.restore']));
  });

  it('adds and removes favourites with 4041 / 4042', async () => {
    const id = (await A.post('/device/add', lift())).body.data.id;
    expect((await A.post('/device/collect', { id })).status).toBe(200);
    expect((await A.post('/device/collect', { id })).body.code).toBe(4041);
    expect((await A.get('/device/favourite_list')).body.data.list.map((l: { id: number }) => l.id)).toEqual([id]);
    expect((await A.post('/device/uncollect', { id })).status).toBe(200);
    expect((await A.post('/device/uncollect', { id })).body.code).toBe(4042);
  });

  it("never lets company B read, change or delete company A's lifts", async () => {
    const id = (await A.post('/device/add', lift({ code: 'SECRET-A' }))).body.data.id;
    expect((await B.get(`/device/detail?id=${id}`)).body.code).toBe(4064);
    expect((await B.put('/device/update', { id, name: 'hacked' })).body.code).toBe(4064);
    expect((await B.post('/device/delete', { id })).body.code).toBe(4064);
    expect((await B.post('/device/batch_update', { ids: [id], set: { brand: 'x' } })).body.code).toBe(4064);
    expect((await B.post('/device/collect', { id })).body.code).toBe(4064);
    expect((await B.post('/device/add', lift({ company_id: companyA }))).body.code).toBe(4064);
    expect((await A.get(`/device/detail?id=${id}`)).body.data.name).toBe('Lift 1');
  });

  it('batch-edits selected lifts and answers map points with state', async () => {
    const ids = [
      (await A.post('/device/add', lift({ latitude: 22.51, longitude: 114.02 }))).body.data.id,
      (await A.post('/device/add', lift())).body.data.id,
    ];
    const r = await A.post('/device/batch_update', { ids, set: { brand: 'KONE', sms_limit: 2, community_id: communityA } });
    expect(r.body.data.updated).toBe(2);
    expect((await A.get(`/device/detail?id=${ids[1]}`)).body.data.brand).toBe('KONE');
    const map = (await A.get('/device/map')).body.data;
    const p = map.find((m: { id: number }) => m.id === ids[0]);
    expect(p).toMatchObject({ latitude: 22.51, longitude: 114.02, state: 'offline' });
    expect((await B.get('/device/map')).body.data.find((m: { id: number }) => m.id === ids[0])).toBeUndefined();
  });
});
