import { LIFT_IMPORT_COLUMNS, TRAPPED_CODES } from '@liftguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channels } from '../src/platform/bus.ts';
import type { Database } from '../src/platform/db.ts';
import { type Harness, startHarness } from './harness.ts';
import { openLive, waitFor } from './realtime-fixtures.ts';
import { ALL_URIS, client, makeCommunity, makeCompany, makeTerminal, makeUser, upload, waitJob } from './registry-helper.ts';

/**
 * Granted communities (membership j_community_ids) narrow every read and write of
 * community-bound data: a member granted community A of a company sees and touches only what
 * belongs to A; the lifts, faults, SIMs, terminals, counters, commands and live events of
 * community B of the same company answer "not found" or are left out. The company form's
 * community list only takes communities of the caller's scope.
 */

const TRAPPED = TRAPPED_CODES[0] as string;
const URIS = [
  ...ALL_URIS,
  '/device/sendmqtt',
  '/device/sendmqtt/monitor',
  '/fault/process',
  '/company/add',
  '/company/update',
  '/portal/update',
];

async function makeLift(
  db: Database,
  companyId: number,
  communityId: number | null,
  terminalId: string | null,
  name: string,
  extra: { deleted_at?: Date; expire_at?: Date } = {},
): Promise<number> {
  if (terminalId) await makeTerminal(db, terminalId, 't', companyId, true);
  const r = await db
    .insertInto('lift')
    .values({
      company_id: companyId,
      community_id: communityId,
      name,
      code: `C-${terminalId ?? name}`,
      terminal_id: terminalId,
      expire_at: new Date(Date.now() + 365 * 86_400_000),
      ...extra,
      j_floors: '[]',
      j_mt_workers: '[]',
      j_responsible: '[]',
      j_alarm_charger: '[]',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

async function makeFault(db: Database, companyId: number, liftId: number, terminalId: string): Promise<number> {
  const r = await db
    .insertInto('fault')
    .values({ lift_id: liftId, company_id: companyId, terminal_id: terminalId, code: TRAPPED, occurred_at: new Date(), trapped: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

async function makeSim(db: Database, companyId: number, imsi: string, terminalId: string | null): Promise<number> {
  const r = await db
    .insertInto('sim_card')
    .values({ company_id: companyId, imsi, carrier: 'cmcc', terminal_id: terminalId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

async function grant(db: Database, userId: number, communityIds: number[]): Promise<void> {
  await db
    .updateTable('membership')
    .set({ j_community_ids: JSON.stringify(communityIds) })
    .where('user_id', '=', userId)
    .execute();
}

describe('granted communities narrow the tenant scope', () => {
  let h: Harness;
  let baseUrl: string;
  let db: Database;
  let companyId: number;
  let companyPath: string;
  let otherCompanyId: number;
  let commA: number;
  let commB: number;
  let commOther: number;
  let liftA: number;
  let liftB: number;
  let faultA: number;
  let faultB: number;
  let simA: number;
  let simB: number;
  let simStock: number;
  let narrow: ReturnType<typeof client>;
  let narrowToken: string;
  let wide: ReturnType<typeof client>;
  let narrowUserId: number;
  const tag = Math.random().toString(16).slice(2, 8).toUpperCase();
  const tA = `T${tag}A01`;
  const tB = `T${tag}B01`;

  beforeAll(async () => {
    h = await startHarness({ HOST: '127.0.0.1' });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const addr = h.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    db = h.handle.db;
    companyId = await makeCompany(db, `Scope Co ${tag}`);
    companyPath = (await db.selectFrom('company').select('path').where('id', '=', companyId).executeTakeFirstOrThrow()).path;
    otherCompanyId = await makeCompany(db, `Other Co ${tag}`);
    commA = await makeCommunity(db, companyId, `Garden A ${tag}`);
    commB = await makeCommunity(db, companyId, `Garden B ${tag}`);
    commOther = await makeCommunity(db, otherCompanyId, `Elsewhere ${tag}`);
    liftA = await makeLift(db, companyId, commA, tA, `Lift A ${tag}`);
    liftB = await makeLift(db, companyId, commB, tB, `Lift B ${tag}`);
    faultA = await makeFault(db, companyId, liftA, tA);
    faultB = await makeFault(db, companyId, liftB, tB);
    const imsi = (n: number) => `460001${String(Date.now()).slice(-8)}${n}`;
    simA = await makeSim(db, companyId, imsi(1), tA);
    simB = await makeSim(db, companyId, imsi(2), tB);
    simStock = await makeSim(db, companyId, imsi(3), null);

    const n = await makeUser(db, companyId, URIS);
    narrowToken = n.token;
    narrowUserId = n.userId;
    await grant(db, n.userId, [commA]);
    narrow = client(h, n.token);
    wide = client(h, (await makeUser(db, companyId, URIS)).token);
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('lists only the lifts of the granted community (list, map, favourites, deleted, expired, export)', async () => {
    const list = await narrow.get('/device/list?page=1&size=24');
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((l: { id: number }) => l.id)).toEqual([liftA]);
    expect(list.body.data.totalRow).toBe(1);
    // filtering by the other community gives nothing rather than its lifts
    expect((await narrow.get(`/device/list?page=1&size=24&community_id=${commB}`)).body.data.totalRow).toBe(0);

    const all = await wide.get('/device/list?page=1&size=24');
    expect(all.body.data.list.map((l: { id: number }) => l.id).sort()).toEqual([liftA, liftB].sort());
    const root = client(h, await h.adminToken());
    const rootIds = (await root.get('/device/list?page=1&size=24')).body.data.list.map((l: { id: number }) => l.id);
    expect(rootIds).toEqual(expect.arrayContaining([liftA, liftB]));

    await db.updateTable('lift').set({ latitude: 22.5, longitude: 114.0 }).where('id', 'in', [liftA, liftB]).execute();
    const map = await narrow.get('/device/map');
    expect(map.body.data.map((p: { id: number }) => p.id)).toEqual([liftA]);

    expect((await narrow.post('/device/collect', { id: liftB })).body.code).toBe(4064);
    expect((await narrow.post('/device/collect', { id: liftA })).status).toBe(200);
    const fav = await narrow.get('/device/favourite_list?page=1&size=24');
    expect(fav.body.data.list.map((l: { id: number }) => l.id)).toEqual([liftA]);

    // deleted and expired lists of community B stay out of sight
    const deletedB = await makeLift(db, companyId, commB, null, `Gone B ${tag}`, { deleted_at: new Date() });
    const expiredB = await makeLift(db, companyId, commB, null, `Old B ${tag}`, { expire_at: new Date(Date.now() - 86_400_000) });
    expect((await narrow.get('/device/remove_list?page=1&size=24')).body.data.totalRow).toBe(0);
    expect((await narrow.get('/device/end_time_list?page=1&size=24')).body.data.totalRow).toBe(0);
    expect((await wide.get('/device/remove_list?page=1&size=24')).body.data.list.map((l: { id: number }) => l.id)).toContain(deletedB);
    expect((await wide.get('/device/end_time_list?page=1&size=24')).body.data.list.map((l: { id: number }) => l.id)).toContain(expiredB);
    expect((await narrow.post('/device/restore', { id: deletedB })).body.code).toBe(4064);

    const exp = await narrow.get('/device/export');
    expect(exp.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.raw.rawPayload as never);
    const names: string[] = [];
    wb.worksheets[0]?.eachRow((row, i) => {
      if (i > 1) names.push(String(row.getCell(2).value));
    });
    expect(names).toEqual([`Lift A ${tag}`]);
  });

  it('cannot read, update, delete, batch-edit or command a lift of another community of the same company (not found)', async () => {
    expect((await narrow.get(`/device/detail?id=${liftA}`)).status).toBe(200);
    const detail = await narrow.get(`/device/detail?id=${liftB}`);
    expect(detail.body.code).toBe(4064);
    expect((await narrow.put('/device/update', { id: liftB, name: 'stolen' })).body.code).toBe(4064);
    expect((await narrow.post('/device/delete', { id: liftB })).body.code).toBe(4064);
    expect((await narrow.post('/device/renew', { id: liftB, months: 1 })).body.code).toBe(4037);
    expect((await narrow.post('/device/batch_update', { ids: [liftA, liftB], set: { brand: 'X' } })).body.code).toBe(4064);
    // moving its own lift into a community it was not granted, or creating one there / nowhere: 4032
    expect((await narrow.put('/device/update', { id: liftA, community_id: commB })).body.code).toBe(4032);
    expect((await narrow.post('/device/batch_update', { ids: [liftA], set: { community_id: commB } })).body.code).toBe(4032);
    const form = { name: `New ${tag}`, code: `N-${tag}`, j_floors: ['1', '2'] };
    expect((await narrow.post('/device/add', { ...form, community_id: commB })).body.code).toBe(4032);
    expect((await narrow.post('/device/add', form)).body.code).toBe(4032);
    const created = await narrow.post('/device/add', { ...form, community_id: commA });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const after = await db.selectFrom('lift').select(['name', 'deleted_at', 'brand']).where('id', '=', liftB).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ name: `Lift B ${tag}`, deleted_at: null, brand: null });

    // remote commands and monitoring of B: not found
    const cmd = await narrow.post('/device/sendmqtt', { lift_id: liftB, action: 'monitor', data: { on: true } });
    expect(cmd.body.code).toBe(4092);
    const cmd2 = await narrow.post('/device/sendmqtt/monitor', { terminal_id: tB, data: { on: true } });
    expect(cmd2.body.code).toBe(4092);
    expect((await narrow.get(`/monitor/state?lift_id=${liftB}`)).body.code).toBe(4064);
    expect((await narrow.get(`/monitor/state?lift_id=${liftA}`)).status).toBe(200);
    const cmds = await narrow.get(`/device/command/list?lift_id=${liftB}&page=1&size=12`);
    expect(cmds.body.data.totalRow).toBe(0);
  });

  it('imports lifts only into its granted community (other or no community: 4032 per row)', async () => {
    const row = (v: Partial<Record<(typeof LIFT_IMPORT_COLUMNS)[number], string | number>>) =>
      LIFT_IMPORT_COLUMNS.map((c) => `"${String(v[c] ?? '')}"`).join(',');
    const csv = [
      LIFT_IMPORT_COLUMNS.join(','),
      row({ name: `Imp A ${tag}`, code: `IA-${tag}`, j_floors: '1,2,3', community_id: commA }),
      row({ name: `Imp B ${tag}`, code: `IB-${tag}`, j_floors: '1,2,3', community_id: commB }),
      row({ name: `Imp none ${tag}`, code: `IN-${tag}`, j_floors: '1,2,3' }),
    ].join('\n');
    const r = await upload(h, narrowToken, '/device/import', {}, { name: 'lifts.csv', content: Buffer.from(`${csv}\n`) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { job } = await waitJob(h, narrowToken, r.body.data.id);
    expect(job.status).toBe('done');
    expect(job.ok_count).toBe(1);
    expect(job.errors.map((e: { code: number }) => e.code)).toEqual([4032, 4032]);
    const made = await db.selectFrom('lift').select(['name', 'community_id']).where('code', 'like', `I_-${tag}`).execute();
    expect(made).toEqual([{ name: `Imp A ${tag}`, community_id: commA }]);
    await db.deleteFrom('lift').where('code', '=', `IA-${tag}`).execute();
  });

  it('sees faults, trapped list and badge counts of its community only; cannot process a fault of B', async () => {
    const list = await narrow.get('/fault/list?page=1&size=24');
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((f: { id: number }) => f.id)).toEqual([faultA]);
    const tiring = await narrow.get('/fault/tiringlist?page=1&size=24');
    expect(tiring.body.data.list.map((f: { id: number }) => f.id)).toEqual([faultA]);
    const count = await narrow.get('/fault/count');
    expect(count.body.data).toEqual({ count: 1, tiringCount: 1 });
    expect((await wide.get('/fault/count')).body.data).toEqual({ count: 2, tiringCount: 2 });
    expect((await narrow.put('/fault/process', { id: faultB, note: 'x' })).body.code).toBe(4064);
    expect((await narrow.put('/fault/process', { id: faultA, note: 'seen' })).status).toBe(200);
    const still = await db.selectFrom('fault').select('state').where('id', '=', faultB).executeTakeFirstOrThrow();
    expect(still.state).toBe('untreated');
  });

  it('sees SIMs and terminals of its community (and unplaced stock), not those of B', async () => {
    const stock = simStock;
    const sims = await narrow.get('/device/sim/list?page=1&size=24');
    expect(sims.status).toBe(200);
    const ids = sims.body.data.list.map((s: { id: number }) => s.id);
    expect(ids).toContain(simA);
    expect(ids).toContain(stock);
    expect(ids).not.toContain(simB);
    expect((await narrow.get(`/device/sim/detail?id=${simB}`)).body.code).toBe(4064);
    expect((await narrow.post('/device/sim/delete', { id: simB })).body.code).toBe(4064);
    // a SIM goes only into a terminal the narrowed member can see
    const imsi = `460002${String(Date.now()).slice(-8)}`;
    expect((await narrow.post('/device/sim/add', { imsi: `${imsi}4`, terminal_id: tB })).body.code).toBe(4061);
    expect((await narrow.put('/device/sim/update', { id: simA, terminal_id: tB })).body.code).toBe(4061);
    const added = await narrow.post('/device/sim/add', { imsi: `${imsi}5`, terminal_id: tA });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await wide.get('/device/sim/list?page=1&size=24')).body.data.list.map((s: { id: number }) => s.id)).toContain(simB);

    const terms = await narrow.get('/device/terminal/list?page=1&size=24');
    const tids = terms.body.data.list.map((t: { terminal_id: string }) => t.terminal_id);
    expect(tids).toContain(tA);
    expect(tids).not.toContain(tB);
    // OTA and settings-push target lists leave B's terminal out
    expect((await narrow.post('/portal/update', { list: [tB], new_version: 'LG2000', kind: 'firmware' })).body.code).toBe(4092);
    const states = await narrow.get('/terminal/settings/states?page=1&size=24');
    const stateIds = states.body.data.list.map((t: { terminal_id: string }) => t.terminal_id);
    expect(stateIds).toContain(tA);
    expect(stateIds).not.toContain(tB);
    const tbRow = await db.selectFrom('terminal').select('id').where('terminal_id', '=', tB).executeTakeFirstOrThrow();
    expect((await narrow.post('/device/terminal/delete', { id: tbRow.id })).body.code).toBe(4064);
  });

  it('dashboard counters count community A only', async () => {
    const n = (await narrow.get('/indextree')).body.data;
    const w = (await wide.get('/indextree')).body.data;
    // liftA and the lift created in A by the test above
    expect(n.count).toBe(2);
    expect(w.count).toBe(4);
    // fault A was processed above: only B's stays open, which the narrowed member does not count
    expect(n.faultCount).toBe(0);
    expect(n.tiringCount).toBe(0);
    expect(w.faultCount).toBe(1);
    expect(w.tiringCount).toBe(1);
    expect(n.t).toBe(w.t - 1);
    expect(n.threeNewLift.map((l: { id: number }) => l.id)).not.toContain(liftB);
  });

  it('does not receive live events of lifts of community B', async () => {
    const live = await openLive(baseUrl, narrowToken);
    const wideLive = await openLive(baseUrl, (await makeUser(db, companyId, URIS)).token);
    try {
      await waitFor(() => live.messages.some((m) => m.code === 200) && wideLive.messages.some((m) => m.code === 200));
      live.send({ type: 'subscribe', data: [tA, tB] });
      wideLive.send({ type: 'subscribe', data: [tA, tB] });
      await new Promise((r) => setTimeout(r, 100));
      const event = (liftId: number, terminalId: string, action: string) => ({
        action,
        terminal_id: terminalId,
        lift_id: liftId,
        deviceName: 'x',
        timestamp: Date.now(),
        data: { fault_id: 1, code: TRAPPED },
        scope: companyPath,
      });
      await h.ctx.bus.publish(Channels.live, event(liftB, tB, 'addF'));
      await h.ctx.bus.publish(Channels.live, event(liftB, tB, 'up_report_status'));
      await h.ctx.bus.publish(Channels.live, event(liftA, tA, 'addF'));
      await h.ctx.bus.publish(Channels.live, event(liftA, tA, 'up_report_status'));
      await waitFor(() => wideLive.messages.filter((m) => m.lift_id).length >= 4 && live.messages.filter((m) => m.lift_id).length >= 2);
      await new Promise((r) => setTimeout(r, 200));
      expect(live.messages.filter((m) => m.lift_id === liftB)).toEqual([]);
      expect(live.messages.filter((m) => m.lift_id === liftA).map((m) => m.action)).toEqual(['addF', 'up_report_status']);
      expect(wideLive.messages.filter((m) => m.lift_id === liftB).length).toBe(2);

      // a lift placed in A after the channel opened: its first event is held back while the set reloads, then it flows
      const liftA2 = await makeLift(db, companyId, commA, null, `Lift A2 ${tag}`);
      await h.ctx.bus.publish(Channels.live, event(liftA2, tA, 'addF'));
      await waitFor(
        async () => {
          await h.ctx.bus.publish(Channels.live, event(liftA2, tA, 'addF'));
          await new Promise((r) => setTimeout(r, 250));
          return live.messages.some((m) => m.lift_id === liftA2);
        },
        15_000,
        0,
      );
      await h.ctx.bus.publish(Channels.live, event(liftB, tB, 'addF'));
      await new Promise((r) => setTimeout(r, 200));
      expect(live.messages.filter((m) => m.lift_id === liftB)).toEqual([]);
    } finally {
      live.close();
      wideLive.close();
    }
  });

  it('company community list: saved when every id is in the caller scope, refused (not found) otherwise', async () => {
    const dept = await wide.post('/company/add', { pid: companyId, node_type: 'department', name: `Dept ${tag}` });
    expect(dept.status, JSON.stringify(dept.body)).toBe(200);
    const deptId = dept.body.data.id as number;

    const saved = await wide.post('/company/update', { id: deptId, j_community_ids: [commA, commB, commA] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.j_community_ids).toEqual([commA, commB]);
    expect((await wide.get(`/company/detail?id=${deptId}`)).body.data.j_community_ids).toEqual([commA, commB]);

    // a community of another company, an unknown id, a deleted community: 4064, nothing saved
    expect((await wide.post('/company/update', { id: deptId, j_community_ids: [commA, commOther] })).body.code).toBe(4064);
    expect((await wide.post('/company/update', { id: deptId, j_community_ids: [999_999] })).body.code).toBe(4064);
    const gone = await makeCommunity(db, companyId, `Gone ${tag}`);
    await db.updateTable('community').set({ deleted_at: new Date() }).where('id', '=', gone).execute();
    expect((await wide.post('/company/update', { id: deptId, j_community_ids: [gone] })).body.code).toBe(4064);
    expect((await wide.post('/company/add', { pid: companyId, name: `Sub ${tag}`, j_community_ids: [commOther] })).body.code).toBe(4064);
    expect((await wide.get(`/company/detail?id=${deptId}`)).body.data.j_community_ids).toEqual([commA, commB]);

    // a member narrowed to A may keep B (set from above) but not add a community it was not granted
    const c2 = await makeCommunity(db, companyId, `Garden C ${tag}`);
    expect((await narrow.post('/company/update', { id: deptId, j_community_ids: [commA, commB] })).status).toBe(200);
    expect((await narrow.post('/company/update', { id: deptId, j_community_ids: [commA, c2] })).body.code).toBe(4064);
    expect((await narrow.post('/company/update', { id: deptId, j_community_ids: [commA] })).body.data.j_community_ids).toEqual([commA]);

    // root may set any community of its scope
    const root = client(h, await h.adminToken());
    const r = await root.post('/company/update', { id: deptId, j_community_ids: [commOther] });
    expect(r.body.data.j_community_ids).toEqual([commOther]);
    expect(narrowUserId).toBeGreaterThan(0);
  });
});
