import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRegistryDemo } from '../src/modules/lift/seed.ts';
import { seedMaintenanceDemo } from '../src/modules/maintenance/seed.ts';
import { Channels } from '../src/platform/bus.ts';
import { manualClock, useClock } from '../src/platform/clock.ts';
import { type Harness, startHarness } from './harness.ts';
import { client, makeCommunity, makeCompany, makeUser } from './registry-helper.ts';

/** Maintenance records (SPEC.md §3, §4): CRUD, rules, tenant isolation, dashboard counters, live changes. */

const URIS = ['/device/maintenance/add', '/device/maintenance/update', '/device/maintenance/delete'];

let h: Harness;
let A: ReturnType<typeof client>;
let B: ReturnType<typeof client>;
let viewer: ReturnType<typeof client>;
let narrowed: ReturnType<typeof client>;
let companyA: number;
let subA: number;
let companyB: number;
let outsideMt: number;
let liftA: number;
let liftA2: number;
let liftB: number;

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (n: number) => new Date(Date.now() + n * 86400e3).toISOString().slice(0, 10);
const record = (over: Record<string, unknown> = {}) => ({
  lift_id: liftA,
  unit_company_id: subA,
  person: 'Zhang San',
  date: today(),
  type: 'maintenance',
  content: 'Half-monthly maintenance: doors, brakes, ropes',
  remark: 'all fine',
  ...over,
});

async function insertLift(companyId: number, communityId: number | null, name: string, mtCompanyId: number | null = null): Promise<number> {
  const r = await h.handle.db
    .insertInto('lift')
    .values({
      company_id: companyId,
      community_id: communityId,
      name,
      code: `M-${Math.random().toString(36).slice(2, 10)}`,
      mt_company_id: mtCompanyId,
      expire_at: new Date(Date.now() + 365 * 86400e3),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

beforeAll(async () => {
  h = await startHarness();
  const db = h.handle.db;
  companyA = await makeCompany(db, 'Company A');
  subA = await makeCompany(db, 'A Maintenance', companyA);
  companyB = await makeCompany(db, 'Company B');
  outsideMt = await makeCompany(db, 'Outside Maintenance');
  const gardenA = await makeCommunity(db, companyA, 'Garden A');
  const gardenA2 = await makeCommunity(db, companyA, 'Garden A2');
  const gardenB = await makeCommunity(db, companyB, 'Garden B');
  liftA = await insertLift(companyA, gardenA, 'A east', outsideMt);
  liftA2 = await insertLift(companyA, gardenA2, 'A west');
  liftB = await insertLift(companyB, gardenB, 'B lift');
  A = client(h, (await makeUser(db, companyA, URIS)).token);
  B = client(h, (await makeUser(db, companyB, URIS, { language: 'pt-PT' })).token);
  viewer = client(h, (await makeUser(db, companyA, [])).token);
  const n = await makeUser(db, companyA, URIS);
  await db
    .updateTable('membership')
    .set({ j_community_ids: JSON.stringify([gardenA2]) })
    .where('user_id', '=', n.userId)
    .execute();
  narrowed = client(h, n.token);
}, 120_000);
afterAll(async () => h?.close());

describe('maintenance records: create, list, update, delete', () => {
  it('creates a record, lists it with lift and unit names, audits it', async () => {
    const r = await A.post('/device/maintenance/add', record());
    expect(r.body.code).toBeUndefined();
    const id = r.body.data.id as number;
    const list = await A.get(`/device/maintenance/list?lift_id=${liftA}`);
    expect(list.body.data.totalRow).toBe(1);
    expect(list.body.data.pageNumber).toBe(1);
    const row = list.body.data.list[0];
    expect(row).toMatchObject({
      id,
      lift_id: liftA,
      lift_name: 'A east',
      unit_company_id: subA,
      unit_name: 'A Maintenance',
      person: 'Zhang San',
      date: today(),
      type: 'maintenance',
      remark: 'all fine',
    });
    const audit = await h.handle.db
      .selectFrom('audit_log')
      .select(['action', 'result'])
      .where('target', '=', `maintenance_record:${id}`)
      .execute();
    expect(audit).toEqual([{ action: 'maintenance.create', result: 'ok' }]);
  });

  it('accepts the lift’s own maintenance company even outside the scope', async () => {
    const r = await A.post('/device/maintenance/add', record({ unit_company_id: outsideMt, type: 'repair', remark: null }));
    expect(r.body.code).toBeUndefined();
    const other = await A.post('/device/maintenance/add', record({ lift_id: liftA2, unit_company_id: outsideMt }));
    expect(other.body.code).toBe(4170);
  });

  it('pages 12/18/24 by id descending, filters by type, date range and keyword, sorts by date', async () => {
    for (let i = 0; i < 13; i++) {
      const type = i % 2 ? 'inspection' : 'other';
      const r = await A.post('/device/maintenance/add', record({ lift_id: liftA2, type, date: daysFromToday(-i), content: `work ${i}` }));
      expect(r.body.code).toBeUndefined();
    }
    const p1 = await A.get(`/device/maintenance/list?lift_id=${liftA2}&size=12`);
    expect(p1.body.data.totalRow).toBe(13);
    expect(p1.body.data.list).toHaveLength(12);
    const ids = p1.body.data.list.map((x: { id: number }) => x.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const p2 = await A.get(`/device/maintenance/list?lift_id=${liftA2}&size=12&page=2`);
    expect(p2.body.data.list).toHaveLength(1);
    expect((await A.get('/device/maintenance/list?size=10')).body.code).toBe(4001);
    const insp = await A.get(`/device/maintenance/list?lift_id=${liftA2}&type=inspection&size=24`);
    expect(insp.body.data.totalRow).toBe(6);
    const range = await A.get(`/device/maintenance/list?lift_id=${liftA2}&date_from=${daysFromToday(-4)}&date_to=${daysFromToday(-2)}`);
    expect(range.body.data.list.map((x: { content: string }) => x.content).sort()).toEqual(['work 2', 'work 3', 'work 4']);
    const kw = await A.get(`/device/maintenance/list?lift_id=${liftA2}&keyword=work%2012`);
    expect(kw.body.data.totalRow).toBe(1);
    const byDate = await A.get(`/device/maintenance/list?lift_id=${liftA2}&orderKey=date&orderMethod=asc&size=24`);
    const dates = byDate.body.data.list.map((x: { date: string }) => x.date);
    expect([...dates].sort()).toEqual(dates);
    // an unknown order key falls back to id
    expect((await A.get('/device/maintenance/list?orderKey=password')).body.code).toBeUndefined();
    expect((await A.get('/device/maintenance/list?type=cleaning')).body.code).toBe(4001);
  });

  it('updates fields (not the lift) and deletes', async () => {
    const id = (await A.post('/device/maintenance/add', record({ content: 'to change' }))).body.data.id;
    const u = await A.put('/device/maintenance/update', { id, type: 'repair', content: 'changed', remark: '', person: 'Li Si' });
    expect(u.body.code).toBeUndefined();
    const row = (await A.get(`/device/maintenance/list?lift_id=${liftA}&keyword=changed`)).body.data.list[0];
    expect(row).toMatchObject({ id, type: 'repair', content: 'changed', remark: null, person: 'Li Si', unit_company_id: subA });
    const moved = await A.put('/device/maintenance/update', { id, lift_id: liftA2 });
    expect(moved.body.code).toBeUndefined();
    expect((await A.get(`/device/maintenance/list?lift_id=${liftA}&keyword=changed`)).body.data.totalRow).toBe(1);
    const d = await A.post('/device/maintenance/delete', { id });
    expect(d.body.code).toBeUndefined();
    expect((await A.get(`/device/maintenance/list?lift_id=${liftA}&keyword=changed`)).body.data.totalRow).toBe(0);
    expect((await A.post('/device/maintenance/delete', { id })).body.code).toBe(4064);
    expect((await A.put('/device/maintenance/update', { id, content: 'x' })).body.code).toBe(4064);
  });
});

describe('maintenance records: validation', () => {
  it('answers catalogued codes, never 500', async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ person: '  ' }, 4148],
      [{ content: '' }, 4148],
      [{ date: '' }, 4144],
      [{ date: '2026-02-30' }, 4001],
      [{ date: '20260101' }, 4001],
      [{ date: daysFromToday(3) }, 4171],
      [{ type: 'cleaning' }, 4001],
      [{ unit_company_id: companyB }, 4170],
      [{ unit_company_id: 999_999 }, 4170],
      [{ lift_id: 999_999 }, 4064],
      [{ lift_id: 'abc' }, 4001],
      [{ content: 'x'.repeat(501) }, 4001],
    ];
    for (const [over, code] of cases) {
      const r = await A.post('/device/maintenance/add', record(over));
      expect({ over, code: r.body.code }).toEqual({ over, code });
      expect(r.status).toBeLessThan(500);
    }
    const missing = await A.post('/device/maintenance/add', { lift_id: liftA });
    expect(missing.body.code).toBe(4001);
    const id = (await A.post('/device/maintenance/add', record())).body.data.id;
    expect((await A.put('/device/maintenance/update', { id, date: daysFromToday(5) })).body.code).toBe(4171);
    expect((await A.put('/device/maintenance/update', { id, unit_company_id: companyB })).body.code).toBe(4170);
    expect((await A.put('/device/maintenance/update', { id, person: '' })).body.code).toBe(4148);
  });

  it('answers the error in the caller’s language', async () => {
    const r = await B.post('/device/maintenance/add', record({ lift_id: liftB, unit_company_id: companyB, date: daysFromToday(9) }));
    expect(r.body).toEqual({ code: 4171, msg: 'A data da manutenção não pode ser futura' });
  });

  it('needs the write URI (read is free)', async () => {
    expect((await viewer.post('/device/maintenance/add', record())).body.code).toBe(4053);
    expect((await viewer.get(`/device/maintenance/list?lift_id=${liftA}`)).body.data.totalRow).toBeGreaterThan(0);
  });
});

describe('maintenance records: tenant isolation', () => {
  it('another company’s lift and records are not found', async () => {
    const bId = (await B.post('/device/maintenance/add', record({ lift_id: liftB, unit_company_id: companyB }))).body.data.id;
    expect((await A.post('/device/maintenance/add', record({ lift_id: liftB }))).body.code).toBe(4064);
    expect((await A.put('/device/maintenance/update', { id: bId, content: 'hijack' })).body.code).toBe(4064);
    expect((await A.post('/device/maintenance/delete', { id: bId })).body.code).toBe(4064);
    const list = await A.get(`/device/maintenance/list?lift_id=${liftB}`);
    expect(list.body.data.totalRow).toBe(0);
    const all = await A.get('/device/maintenance/list?size=24');
    expect(JSON.stringify(all.body.data)).not.toContain('B lift');
    const own = await B.get('/device/maintenance/list');
    expect(own.body.data.list.map((x: { id: number }) => x.id)).toEqual([bId]);
  });

  it('a membership narrowed to communities sees only their lifts', async () => {
    const list = await narrowed.get('/device/maintenance/list?size=24');
    expect(list.body.data.totalRow).toBeGreaterThan(0);
    expect(list.body.data.list.every((x: { lift_id: number }) => x.lift_id === liftA2)).toBe(true);
    expect((await narrowed.post('/device/maintenance/add', record())).body.code).toBe(4064);
    expect((await narrowed.post('/device/maintenance/add', record({ lift_id: liftA2 }))).body.code).toBeUndefined();
  });

  it('records of a deleted lift are hidden', async () => {
    const lift = await insertLift(companyA, null, 'A gone');
    await A.post('/device/maintenance/add', record({ lift_id: lift }));
    expect((await A.get(`/device/maintenance/list?lift_id=${lift}`)).body.data.totalRow).toBe(1);
    await h.handle.db.updateTable('lift').set({ deleted_at: new Date() }).where('id', '=', lift).execute();
    expect((await A.get(`/device/maintenance/list?lift_id=${lift}`)).body.data.totalRow).toBe(0);
    expect((await A.post('/device/maintenance/add', record({ lift_id: lift }))).body.code).toBe(4064);
  });
});

describe('dashboard counters', () => {
  it('counts this month’s maintenance and repair records in scope, and changes live', async () => {
    const tree = async (c: ReturnType<typeof client>) => (await c.get('/indextree')).body.data;
    const count = async (type: 'maintenance' | 'repair', from: string, liftId?: number) =>
      Number(
        (
          await h.handle.db
            .selectFrom('maintenance_record as m')
            .innerJoin('lift as l', 'l.id', 'm.lift_id')
            .innerJoin('company as c', 'c.id', 'l.company_id')
            .where('c.path', 'like', `%/${companyA}/%`)
            .where('l.deleted_at', 'is', null)
            .where('m.type', '=', type)
            .where('m.done_on', '>=', from)
            .$if(liftId !== undefined, (q) => q.where('m.lift_id', '=', liftId as number))
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const monthStart = `${today().slice(0, 7)}-01`;
    const before = await tree(A);
    expect(before.maintenanceCount).toBe(await count('maintenance', monthStart));
    expect(before.repairsCount).toBe(await count('repair', monthStart));
    expect(before.maintenanceCount).toBeGreaterThan(0);
    // a membership narrowed to Garden A2 counts only the records of its lift there
    const n = await tree(narrowed);
    expect(n.maintenanceCount).toBe(await count('maintenance', monthStart, liftA2));
    expect(n.maintenanceCount).toBeLessThan(before.maintenanceCount);

    const events: Array<{ action: string; data: Record<string, unknown>; scope: string }> = [];
    const unsub = h.ctx.bus.subscribe(Channels.live, (m) => events.push(m as (typeof events)[number]));
    try {
      const id = (await A.post('/device/maintenance/add', record({ type: 'repair' }))).body.data.id;
      // last month's record: not counted
      const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15)).toISOString().slice(0, 10);
      await A.post('/device/maintenance/add', record({ type: 'repair', date: lastMonth }));
      const after = await tree(A);
      expect(after.repairsCount).toBe(before.repairsCount + 1);
      expect(after.maintenanceCount).toBe(before.maintenanceCount);
      await A.post('/device/maintenance/delete', { id });
      expect((await tree(A)).repairsCount).toBe(before.repairsCount);
      // B's counters are its own
      const b = await tree(B);
      expect(b.repairsCount).toBe(0);
      expect(b.maintenanceCount).toBe(1);
      await new Promise((r) => setTimeout(r, 50));
      const mine = events.filter((e) => e.action === 'addM' || e.action === 'delM');
      expect(mine.map((e) => [e.action, e.data.type, e.data.this_month])).toEqual([
        ['addM', 'repair', true],
        ['addM', 'repair', false],
        ['delM', 'repair', true],
      ]);
      expect(mine.every((e) => e.scope.includes(`/${companyA}/`))).toBe(true);
    } finally {
      unsub();
    }
  });

  it('takes "today" from the app clock for the future-date rule', async () => {
    const restore = useClock(h.ctx, manualClock(new Date(Date.now() + 10 * 86400e3)));
    try {
      expect((await A.post('/device/maintenance/add', record({ date: daysFromToday(8), type: 'other' }))).body.code).toBeUndefined();
    } finally {
      restore();
    }
  });
});

describe('demo seed', () => {
  it('adds this month’s records on the demo lifts once, so the dashboard counters are not 0', async () => {
    const db = h.handle.db;
    const demo = await makeCompany(db, 'Demo Org');
    await seedRegistryDemo(db, { companyId: demo }, 12);
    const c = client(h, (await makeUser(db, demo, [])).token);
    expect(await seedMaintenanceDemo(db)).toBe(10);
    expect(await seedMaintenanceDemo(db)).toBe(0);
    const tree = (await c.get('/indextree')).body.data;
    expect(tree.maintenanceCount).toBe(4);
    expect(tree.repairsCount).toBe(2);
    const list = (await c.get('/device/maintenance/list?size=24')).body.data;
    expect(list.totalRow).toBe(10);
  });
});
