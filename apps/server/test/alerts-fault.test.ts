import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createCommunity, createCompany, createLift, createUser, raiseFault, rootCompanyId } from './alerts-fixtures.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let a: number;
let b: number;
let ua: { token: string; userId: number };
let ub: { token: string; userId: number };
let liftA1: { id: number; terminalId: string; name: string };
let liftA2: { id: number; terminalId: string; name: string };
let liftB: { id: number; terminalId: string; name: string };
let community: number;
const ids = { trap: 0, door: 0, old: 0, a2: 0, b: 0 };
const now = Date.now();
const day = 86_400_000;

beforeAll(async () => {
  h = await startHarness();
  const root = await rootCompanyId(h.ctx.db);
  a = await createCompany(h.ctx.db, { name: 'Fault A', pid: root });
  b = await createCompany(h.ctx.db, { name: 'Fault B', pid: root });
  ua = await createUser(h.ctx.db, a, { language: 'pt-PT', realname: 'Ana Operadora' });
  ub = await createUser(h.ctx.db, b);
  community = await createCommunity(h.ctx.db, a, 'Sunny Garden');
  liftA1 = await createLift(h.ctx.db, a, {
    name: 'A-1',
    communityId: community,
    model: 'GX-9',
    contacts: [{ name: 'Wang', mobile: '13900001111' }],
  });
  liftA2 = await createLift(h.ctx.db, a, { name: 'A-2' });
  liftB = await createLift(h.ctx.db, b, { name: 'B-1' });
  const opts = { publish: false } as const;
  ids.trap = await raiseFault(h, liftA1, 'TRAP_BETWEEN', { ...opts, companyId: a, trapped: true, at: new Date(now - 2 * day) });
  ids.door = await raiseFault(h, liftA1, 'DOOR_BLOCKED', { ...opts, companyId: a, at: new Date(now - 10 * day) });
  ids.old = await raiseFault(h, liftA2, 'POWER_CUT', { ...opts, companyId: a, at: new Date(now - 400 * day), state: 'processed' });
  ids.a2 = await raiseFault(h, liftA2, 'OVERSPEED', { ...opts, companyId: a, at: new Date(now - day) });
  ids.b = await raiseFault(h, liftB, 'TRAP_FLOOR', { ...opts, companyId: b, trapped: true, at: new Date(now - day) });
});
afterAll(async () => h?.close());

const get = (url: string, token = ua.token) => h.app.inject({ method: 'GET', url, headers: auth(token) });
const listIds = async (qs: string, token = ua.token) => {
  const res = (await get(`/api/fault/list?${qs}`, token)).json();
  return (res.data?.list ?? res) as Array<{ id: number }> | { code: number };
};

describe('fault list', () => {
  it('lists the scope only, newest id first, with lift, location and the fault name in the caller language', async () => {
    const res = (await get('/api/fault/list')).json().data;
    expect(res.totalRow).toBe(4);
    expect(res.pageNumber).toBe(1);
    expect(res.list.map((f: { id: number }) => f.id)).toEqual([ids.a2, ids.old, ids.door, ids.trap]);
    const trap = res.list.find((f: { id: number }) => f.id === ids.trap);
    expect(trap).toMatchObject({
      lift_name: 'A-1',
      location: 'Sunny Garden',
      code: 'TRAP_BETWEEN',
      fault_no: '02',
      fault_name: 'Passageiros presos entre pisos',
      state: 'untreated',
      trapped: true,
    });
    const other = (await get('/api/fault/list', ub.token)).json().data;
    expect(other.list.map((f: { id: number }) => f.id)).toEqual([ids.b]);
  });

  it('filters by lift, community, code, state and date range', async () => {
    const pick = async (qs: string) => ((await listIds(qs)) as Array<{ id: number }>).map((f) => f.id).sort((x, y) => x - y);
    expect(await pick(`lift_id=${liftA2.id}`)).toEqual([ids.old, ids.a2].sort((x, y) => x - y));
    expect(await pick(`community_id=${community}`)).toEqual([ids.trap, ids.door].sort((x, y) => x - y));
    expect(await pick('code=OVERSPEED')).toEqual([ids.a2]);
    expect(await pick('state=processed')).toEqual([ids.old]);
    const from = new Date(now - 5 * day).toISOString();
    expect(await pick(`start=${encodeURIComponent(from)}`)).toEqual([ids.trap, ids.a2].sort((x, y) => x - y));
    const to = new Date(now - 5 * day).toISOString().slice(0, 10);
    expect(await pick(`end=${to}`)).toEqual([ids.old, ids.door].sort((x, y) => x - y));
    // another company's lift gives nothing rather than its faults
    expect(await pick(`lift_id=${liftB.id}`)).toEqual([]);
  });

  it('refuses a range older than the latest three years, a reversed range and a page size outside 12|18|24', async () => {
    const old = new Date(now - 4 * 365 * day).toISOString();
    expect(await listIds(`start=${encodeURIComponent(old)}`)).toMatchObject({ code: 4001 });
    expect(await listIds('start=2026-05-02&end=2026-05-01')).toMatchObject({ code: 4001 });
    expect(await listIds('size=13')).toMatchObject({ code: 4001 });
  });

  it('pages with size 12', async () => {
    for (let i = 0; i < 12; i++) {
      await raiseFault(h, liftB, `HIT_TOP`, { companyId: b, publish: false, at: new Date(now - i * 60_000) });
    }
    const p1 = (await get('/api/fault/list?page=1&size=12', ub.token)).json().data;
    const p2 = (await get('/api/fault/list?page=2&size=12', ub.token)).json().data;
    expect([p1.list.length, p2.list.length, p1.totalRow, p2.pageNumber]).toEqual([12, 1, 13, 2]);
  });
});

describe('processing a fault', () => {
  it('moves untreated to processed once, with who, when and a note, audited; lowers the badge', async () => {
    const before = (await get('/api/fault/count')).json().data;
    expect(before).toEqual({ count: 3, tiringCount: 1 });
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/fault/process',
      headers: auth(ua.token),
      payload: { id: ids.a2, note: 'reset the governor' },
    });
    expect(res.json().data).toMatchObject({ id: ids.a2, state: 'processed' });
    const item = (
      (await get(`/api/fault/list?lift_id=${liftA2.id}&state=processed`)).json().data.list as Array<Record<string, unknown>>
    ).find((f) => f.id === ids.a2);
    expect(item).toMatchObject({ processed_by_name: 'Ana Operadora', note: 'reset the governor' });
    expect(item?.processed_at).toEqual(expect.any(String));
    expect((await get('/api/fault/count')).json().data).toEqual({ count: 2, tiringCount: 1 });
    const again = await h.app.inject({ method: 'PUT', url: '/api/fault/process', headers: auth(ua.token), payload: { id: ids.a2 } });
    expect(again.json().code).toBe(4180);
    const audit = await h.ctx.db.selectFrom('audit_log').selectAll().where('target', '=', `fault:${ids.a2}`).execute();
    expect(audit.map((x) => [x.action, x.user_id])).toEqual([['fault.process', ua.userId]]);
  });

  it('does not let another company process the fault', async () => {
    const res = await h.app.inject({ method: 'PUT', url: '/api/fault/process', headers: auth(ub.token), payload: { id: ids.trap } });
    expect(res.json().code).toBe(4064);
  });
});

describe('trapped passengers', () => {
  it('lists open trapped faults of the scope with lift, terminal, model, fault number, time and reporters', async () => {
    const res = (await get('/api/fault/tiringlist?page=1&size=12&orderKey=occur_time&orderMethod=desc')).json().data;
    expect(res.totalRow).toBe(1);
    expect(res.list[0]).toEqual({
      id: ids.trap,
      name: 'A-1',
      device_name: liftA1.terminalId,
      model: 'GX-9',
      fault_no: '02',
      fault_name: 'Passageiros presos entre pisos',
      occur_time: new Date(now - 2 * day).toISOString(),
      j_alarm_charger: [{ name: 'Wang', mobile: '13900001111' }],
    });
    expect((await get('/api/fault/tiringlist?keyword=nomatch')).json().data.totalRow).toBe(0);
    // a solve (U04) takes it off the list
    await h.ctx.db.updateTable('fault').set({ solved_at: new Date() }).where('id', '=', ids.trap).execute();
    expect((await get('/api/fault/tiringlist')).json().data.totalRow).toBe(0);
  });
});

describe('fault settings', () => {
  it('defaults trapped and safety codes to screen and SMS, and saves a company choice', async () => {
    const list = (await get('/api/fault/settings')).json().data as Array<{ code: string; screen: boolean; sms: boolean; custom: boolean }>;
    expect(list.find((s) => s.code === 'TRAP_FLOOR')).toMatchObject({ screen: true, sms: true, custom: false });
    expect(list.find((s) => s.code === 'SAFETY_OPEN')).toMatchObject({ screen: true, sms: true });
    expect(list.find((s) => s.code === 'DOOR_BLOCKED')).toMatchObject({ screen: true, sms: false });
    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/fault/settings',
      headers: auth(ua.token),
      payload: { list: [{ code: 'TRAP_FLOOR', screen: true, sms: false }] },
    });
    expect(put.json()).toEqual({ data: true });
    const after = (await get('/api/fault/settings')).json().data as Array<{ code: string; sms: boolean; custom: boolean }>;
    expect(after.find((s) => s.code === 'TRAP_FLOOR')).toMatchObject({ sms: false, custom: true });
    // company B is untouched
    const other = (await get('/api/fault/settings', ub.token)).json().data as Array<{ code: string; sms: boolean }>;
    expect(other.find((s) => s.code === 'TRAP_FLOOR')?.sms).toBe(true);
    const bad = await h.app.inject({
      method: 'PUT',
      url: '/api/fault/settings',
      headers: auth(ua.token),
      payload: { list: [{ code: 'NOPE', screen: true, sms: true }] },
    });
    expect(bad.json().code).toBe(4185);
  });

  it('serves the catalogue in three languages', async () => {
    const names = async (lang: string) => {
      const u = await createUser(h.ctx.db, a, { language: lang });
      const list = (await get('/api/fault/codes', u.token)).json().data as Array<{ code: string; name: string }>;
      return list.find((c) => c.code === 'HIT_TOP')?.name;
    };
    expect([await names('zh-CN'), await names('en-US'), await names('pt-PT')]).toEqual(['冲顶', 'Hitting the top', 'Embate no topo']);
  });
});
