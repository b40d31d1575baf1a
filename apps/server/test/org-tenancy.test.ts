/**
 * Tenant isolation, generated from the route table: every registered /api route is called as the
 * administrator of company A against the objects of company B, and must refuse or show nothing.
 *
 * ADDING A ROUTE? Add one line to PROBES, keyed "METHOD /api/url" exactly as registered:
 *   refuse((t) => ({ body: { id: t.B.liftId } }))   a call naming B's object: must be refused
 *   list((t) => ({ query: { lift_id: t.B.liftId } }), true)   a list or read: nothing of B may show
 *                                                     (true: the query filters on B, so the list must be empty)
 *   open('why')                                       takes no id of tenant data (not allowed when the schema has an id field)
 * Routes with `config: { auth: 'root' }` are probed automatically (company users are refused).
 * The suite fails for a route without a line, so scoping is decided when the route is written.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredRoute, registeredRoutes } from '../src/modules/resource/registry.ts';
import { type Harness, startHarness } from './harness.ts';
import { buildTenant, call, ok, PASSWORD, type Tenant } from './org-fixture.ts';

type World = {
  A: Tenant;
  B: Tenant;
  taskId: number;
  pusherId: number;
  importJobId: number;
  terminalId: number;
  simId: number;
  maintenanceId: number;
};
type Req = { query?: Record<string, unknown>; body?: unknown };
type Probe =
  | { kind: 'open'; why: string }
  | { kind: 'refuse'; req: (w: World) => Req }
  | { kind: 'list'; req: (w: World) => Req; filtered: boolean };

const open = (why: string): Probe => ({ kind: 'open', why });
const refuse = (req: (w: World) => Req): Probe => ({ kind: 'refuse', req });
const list = (req: (w: World) => Req = () => ({}), filtered = false): Probe => ({ kind: 'list', req, filtered });

/** Marker in every name of company B: if it shows up in an answer to A, data leaked. */
const B_MARK = 'ZZB';
const B_TERMINAL = `T${B_MARK}0001`;
const B_IMSI = `${B_MARK}460001`;

const PROBES: Record<string, Probe> = {
  // organisation
  'GET /api/company/tree': list(),
  'GET /api/company/detail': refuse((w) => ({ query: { id: w.B.deptId } })),
  'POST /api/company/add': refuse((w) => ({ body: { pid: w.B.companyId, name: 'probe' } })),
  'POST /api/company/update': refuse((w) => ({ body: { id: w.B.deptId, name: 'probe' } })),
  'POST /api/company/move': refuse((w) => ({ body: { id: w.B.deptId, pid: w.A.companyId } })),
  'POST /api/company/delete': refuse((w) => ({ body: { id: w.B.deptId } })),
  'POST /api/portal/upload_logo': open('multipart; cid scoping is tested in org-company.test.ts'),
  'GET /api/role/list': list((w) => ({ query: { company_id: w.B.companyId } })),
  'POST /api/role/add': refuse((w) => ({ body: { company_id: w.B.companyId, name: 'probe' } })),
  'POST /api/role/update': refuse((w) => ({ body: { id: w.B.staffRoleId, name: 'probe' } })),
  'POST /api/role/delete': refuse((w) => ({ body: { id: w.B.staffRoleId } })),
  'GET /api/user/list': list((w) => ({ query: { company_id: w.B.companyId } })),
  'GET /api/user/detail': refuse((w) => ({ query: { id: w.B.staffUserId } })),
  'GET /api/user/export': list(),
  'POST /api/user/add': refuse((w) => ({
    body: { username: 'probeuser', email: 'probe@example.com', password: 'Passw0rd!x', membership: { company_id: w.B.companyId } },
  })),
  'POST /api/user/update': refuse((w) => ({ body: { id: w.B.staffUserId, realname: 'probe' } })),
  'POST /api/user/delete': refuse((w) => ({ body: { id: w.B.staffUserId } })),
  'POST /api/user/membership/save': refuse((w) => ({ body: { user_id: w.B.staffUserId, company_id: w.A.companyId } })),
  'POST /api/user/membership/delete': refuse((w) => ({ body: { user_id: w.B.staffUserId, company_id: w.B.companyId } })),
  'GET /api/community/list': list((w) => ({ query: { company_id: w.B.companyId } })),
  'GET /api/community/detail': refuse((w) => ({ query: { id: w.B.communityId } })),
  'POST /api/community/add': refuse((w) => ({ body: { company_id: w.B.companyId, name: 'probe' } })),
  'POST /api/community/update': refuse((w) => ({ body: { id: w.B.communityId, name: 'probe' } })),
  'POST /api/community/delete': refuse((w) => ({ body: { id: w.B.communityId } })),
  'GET /api/community/buildings': refuse((w) => ({ query: { community_id: w.B.communityId } })),
  'POST /api/community/building/batchadd': refuse((w) => ({ body: { community_id: w.B.communityId, ranges: [{ start: 50, end: 51 }] } })),
  'POST /api/community/unit/batchadd': refuse((w) => ({ body: { building_id: w.B.buildingId, ranges: [{ start: 50, end: 51 }] } })),
  'POST /api/community/building/delete': refuse((w) => ({ body: { id: w.B.buildingId } })),
  'POST /api/community/unit/delete': refuse((w) => ({ body: { id: w.B.unitId } })),
  'GET /api/audit/list': list(),
  // platform and identity
  'GET /api/health': open('liveness'),
  'POST /api/login': open('sign-in'),
  'POST /api/logout': open('own session'),
  'GET /api/getuser': open('own account'),
  'PUT /api/user/setcompany': refuse((w) => ({ body: { id: w.B.companyId } })),
  'GET /api/changelang': open('own language'),
  'POST /api/user/updatepwd': open('own password'),
  'POST /api/code/send': open('reset code to a phone or email'),
  'POST /api/code/resetpwd': open('reset by code'),
  'POST /api/user/renewpwd': open('renew by one-time ticket'),
  // alerts
  'GET /api/fault/list': list((w) => ({ query: { lift_id: w.B.liftId } }), true),
  'PUT /api/fault/process': refuse((w) => ({ body: { id: w.B.faultId, note: 'probe' } })),
  'GET /api/fault/count': open('counts of the own scope'),
  'GET /api/fault/tiringlist': list(),
  'GET /api/fault/codes': open('catalogue'),
  'GET /api/fault/settings': open('own company settings'),
  'PUT /api/fault/settings': open('own company settings, keyed by fault code'),
  'GET /api/sms/list': list((w) => ({ query: { lift_id: w.B.liftId } }), true),
  'GET /api/sms/usage': open('own company usage'),
  'PUT /api/sms/signature': open('own company signature'),
  'GET /api/task/getlist': list(),
  'PUT /api/task/resolve': refuse((w) => ({ body: { id: w.taskId, resolved: 1 } })),
  'PUT /api/depart/approvesignature': refuse((w) => ({ body: { id: w.B.companyId, sms_signature_enabled: 1 } })),
  'GET /api/pusher/list': list(),
  'POST /api/pusher/add': open('creates in the caller company'),
  'PUT /api/pusher/update': refuse((w) => ({
    body: { id: w.pusherId, name: 'probe', base_url: 'https://probe.example', account: 'probe', secret: 'probe' },
  })),
  'PUT /api/pusher/delete': refuse((w) => ({ body: { id: w.pusherId } })),
  'GET /api/pusher/liftparams': refuse((w) => ({ query: { lift_id: w.B.liftId } })),
  'PUT /api/pusher/liftparams': refuse((w) => ({
    body: { lift_id: w.B.liftId, serial_number: 'p', manufacturer_credit_code: 'p', registration_code: 'p' },
  })),
  'POST /api/pusher/push': refuse((w) => ({ body: { lift_id: w.B.liftId } })),
  'GET /api/pusher/loglist': list((w) => ({ query: { lift_id: w.B.liftId } }), true),
  // registry
  'GET /api/device/list': list((w) => ({ query: { community_id: w.B.communityId } }), true),
  'GET /api/device/remove_list': list((w) => ({ query: { community_id: w.B.communityId } }), true),
  'GET /api/device/end_time_list': list((w) => ({ query: { community_id: w.B.communityId } }), true),
  'GET /api/device/favourite_list': list((w) => ({ query: { community_id: w.B.communityId } }), true),
  'GET /api/device/detail': refuse((w) => ({ query: { id: w.B.liftId } })),
  'GET /api/device/varieties': open('catalogue'),
  'GET /api/device/map': list(),
  'POST /api/device/add': refuse((w) => ({ body: { name: 'probe', code: 'probe-lift-1', community_id: w.B.communityId } })),
  'PUT /api/device/update': refuse((w) => ({ body: { id: w.B.liftId, name: 'probe' } })),
  'POST /api/device/batch_update': refuse((w) => ({ body: { ids: [w.B.liftId], set: { brand: 'probe' } } })),
  'POST /api/device/delete': refuse((w) => ({ body: { id: w.B.liftId } })),
  'POST /api/device/restore': refuse((w) => ({ body: { id: w.B.liftId } })),
  'POST /api/device/renew': refuse((w) => ({ body: { id: w.B.liftId, months: 1 } })),
  'POST /api/device/collect': refuse((w) => ({ body: { id: w.B.liftId } })),
  'POST /api/device/uncollect': refuse((w) => ({ body: { id: w.B.liftId } })),
  'GET /api/device/import/template': open('static template'),
  'POST /api/device/import': open('multipart file; rows are checked one by one by the registry suite'),
  'GET /api/device/import/progress': refuse((w) => ({ query: { id: w.importJobId } })),
  'GET /api/device/export': list((w) => ({ query: { community_id: w.B.communityId } })),
  // realtime and dashboard
  'GET /api/indextree': open('statistics of the own scope'),
  'GET /api/monitor/state': refuse((w) => ({ query: { lift_id: w.B.liftId } })),
  'GET /api/monitor/history': refuse((w) => ({ query: { lift_id: w.B.liftId } })),
  'GET /api/settings/get': open('own company settings'),
  'PUT /api/settings/update': open('own company settings'),
  'GET /api/terminal_exception/list': list(),
  'GET /api/device/terminal/list': list(),
  'POST /api/device/terminal/add': refuse(() => ({ body: { terminal_id: B_TERMINAL } })),
  'POST /api/device/terminal/delete': refuse((w) => ({ body: { id: w.terminalId } })),
  'GET /api/device/terminal/settings': open('own company settings'),
  'PUT /api/device/terminal/settings': open('own company settings'),
  'POST /api/device/terminal/upload': open('multipart file for the own settings'),
  'GET /api/device/sim/list': list(),
  'GET /api/device/sim/detail': refuse((w) => ({ query: { id: w.simId } })),
  'POST /api/device/sim/add': refuse(() => ({ body: { imsi: B_IMSI } })),
  'PUT /api/device/sim/update': refuse((w) => ({ body: { id: w.simId, package: 'probe' } })),
  'POST /api/device/sim/delete': refuse((w) => ({ body: { id: w.simId } })),
  'GET /api/device/sim/import/template': open('static template'),
  'POST /api/device/sim/import': open('multipart file; rows are checked one by one by the registry suite'),
  // maintenance records
  'GET /api/device/maintenance/list': list((w) => ({ query: { lift_id: w.B.liftId } }), true),
  'POST /api/device/maintenance/add': refuse((w) => ({
    body: { lift_id: w.B.liftId, unit_company_id: w.A.companyId, person: 'probe', date: '2026-01-01', type: 'repair', content: 'probe' },
  })),
  'PUT /api/device/maintenance/update': refuse((w) => ({ body: { id: w.maintenanceId, content: 'probe' } })),
  'POST /api/device/maintenance/delete': refuse((w) => ({ body: { id: w.maintenanceId } })),
  // remote commands and terminal updates
  'POST /api/device/sendmqtt': refuse(() => ({ body: { action: 'monitor', terminal_id: B_TERMINAL, data: {}, password: PASSWORD } })),
  'POST /api/device/sendmqtt/lock': refuse(() => ({ body: { terminal_id: B_TERMINAL, data: { floor: 1 }, password: PASSWORD } })),
  'POST /api/device/sendmqtt/unlock': refuse(() => ({ body: { terminal_id: B_TERMINAL, data: { floor: 1 }, password: PASSWORD } })),
  'POST /api/device/sendmqtt/stop': refuse(() => ({ body: { terminal_id: B_TERMINAL, data: { floor: 1 }, password: PASSWORD } })),
  'POST /api/device/sendmqtt/forced_descent': refuse(() => ({ body: { terminal_id: B_TERMINAL, data: { floor: 1 }, password: PASSWORD } })),
  'POST /api/device/sendmqtt/open_door': refuse(() => ({ body: { terminal_id: B_TERMINAL, data: { floor: 1 }, password: PASSWORD } })),
  'POST /api/device/sendmqtt/close_door': refuse(() => ({ body: { terminal_id: B_TERMINAL, data: { floor: 1 }, password: PASSWORD } })),
  'POST /api/device/sendmqtt/call_floor': refuse(() => ({ body: { terminal_id: B_TERMINAL, data: { floor: 1 }, password: PASSWORD } })),
  'POST /api/device/sendmqtt/monitor': refuse(() => ({ body: { terminal_id: B_TERMINAL, data: { floor: 1 }, password: PASSWORD } })),
  'GET /api/device/command/list': list((w) => ({ query: { lift_id: w.B.liftId } }), true),
  'POST /api/portal/update': list(() => ({ body: { list: [B_TERMINAL], new_version: '9.9.9' } })),
  'POST /api/portal/package/upload': open('multipart package upload, no tenant id'),
  'GET /api/portal/package/list': open('package catalogue'),
  'POST /api/terminal/settings/push': list(() => ({ body: { terminal_id: B_TERMINAL } })),
  'GET /api/terminal/settings/states': list(),
};

/** Valid bodies for root-only writes (validation runs before the guard; an invalid body would hide the refusal). */
const ROOT_SAMPLES: Record<string, Req> = {
  'POST /api/dev/res/add': { body: { layer: 1, kind: 'route', name: 'probe_res', label: 'probe' } },
  'POST /api/dev/res/update': { body: { id: 1, label: 'probe' } },
  'POST /api/dev/res/delete': { body: { id: 1 } },
};

const ID_FIELD = /(^id$|^ids$|_id$|_ids$|^cid$|^pid$)/;

/** Names of the id-like inputs of a route (path params, query, body). */
function idFields(r: RegisteredRoute): string[] {
  const s = r.schema as { body?: { shape?: object }; querystring?: { shape?: object }; params?: { shape?: object } } | undefined;
  const keys = [...Object.keys(s?.body?.shape ?? {}), ...Object.keys(s?.querystring?.shape ?? {}), ...Object.keys(s?.params?.shape ?? {})];
  const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  return [...keys, ...params].filter((k) => ID_FIELD.test(k));
}

/** Codes that mean "the probe itself was malformed", not "refused". */
const NOT_A_REFUSAL = new Set([4001, 4052, -1]);

/** The answer as text; xlsx workbooks are unpacked cell by cell. */
async function answerText(res: Awaited<ReturnType<typeof call>>): Promise<string> {
  if (!String(res.headers['content-type'] ?? '').includes('spreadsheetml')) return res.raw;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => cells.push(JSON.stringify(row.values))));
  expect(cells.length, 'the workbook has at least its header row').toBeGreaterThan(0);
  return cells.join('\n');
}

let h: Harness;
let w: World;

async function optionalInsert<T>(fn: () => Promise<T>): Promise<T | 0> {
  try {
    return await fn();
  } catch {
    return 0; // the table of a module that is not in this build
  }
}

beforeAll(async () => {
  h = await startHarness();
  const A = await buildTenant(h, 'AAA');
  const B = await buildTenant(h, B_MARK);
  // B's administrator writes something, so B has audit entries of its own
  await ok(h, { url: '/api/community/add', token: B.token, body: { name: `${B_MARK} Extra` } });
  const db = h.handle.db;
  const taskId = await optionalInsert(async () => {
    const r = await sql<{
      id: number;
    }>`insert into task (company_id, topic, subject_id, tip) values (${B.companyId}, 'SIGNATURE_APPROVE', ${B.companyId}, ${`${B_MARK} tip`}) returning id`.execute(
      db,
    );
    return Number(r.rows[0]?.id);
  });
  const pusherId = await optionalInsert(async () => {
    const r = await sql<{
      id: number;
    }>`insert into pusher_account (company_id, name, base_url, account, secret) values (${B.companyId}, ${`${B_MARK} pusher`}, 'https://b.example', 'b', 'b') returning id`.execute(
      db,
    );
    return Number(r.rows[0]?.id);
  });
  const importJobId = await optionalInsert(async () => {
    const r = await sql<{
      id: number;
    }>`insert into import_job (company_id, user_id, kind, file_name) values (${B.companyId}, ${B.adminUserId}, 'lift', ${`${B_MARK}.xlsx`}) returning id`.execute(
      db,
    );
    return Number(r.rows[0]?.id);
  });
  const terminalId = await optionalInsert(async () => {
    const r = await sql<{
      id: number;
    }>`insert into terminal (terminal_id, type, company_id) values (${B_TERMINAL}, 't', ${B.companyId}) returning id`.execute(db);
    return Number(r.rows[0]?.id);
  });
  const simId = await optionalInsert(async () => {
    const r = await sql<{
      id: number;
    }>`insert into sim_card (company_id, imsi, carrier) values (${B.companyId}, ${B_IMSI}, 'mobile') returning id`.execute(db);
    return Number(r.rows[0]?.id);
  });
  const maintenanceId = await optionalInsert(async () => {
    const r = await sql<{
      id: number;
    }>`insert into maintenance_record (lift_id, unit_company_id, person, done_on, type, content) values (${B.liftId}, ${B.companyId}, ${`${B_MARK} person`}, current_date, 'repair', ${`${B_MARK} work`}) returning id`.execute(
      db,
    );
    return Number(r.rows[0]?.id);
  });
  w = { A, B, taskId, pusherId, importJobId, terminalId, simId, maintenanceId };
}, 180_000);
afterAll(async () => h?.close());

describe('tenant isolation over every API route', () => {
  it('has a probe for every registered route, and no id-taking route is waved through', () => {
    const routes = registeredRoutes(h.ctx);
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => r.auth !== 'root' && !PROBES[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'add a line to PROBES in test/org-tenancy.test.ts for each of these routes').toEqual([]);
    const waved = routes
      .filter((r) => PROBES[`${r.method} ${r.url}`]?.kind === 'open' && idFields(r).length > 0)
      .map((r) => `${r.method} ${r.url} (${idFields(r).join(', ')})`);
    expect(waved, 'these routes take ids: give them a refuse() or list() probe').toEqual([]);
  });

  it('refuses company users on root-only routes', async () => {
    for (const r of registeredRoutes(h.ctx).filter((x) => x.auth === 'root')) {
      const sample = ROOT_SAMPLES[`${r.method} ${r.url}`] ?? {};
      const body = r.method === 'GET' ? undefined : (sample.body ?? {});
      const res = await call(h, {
        method: r.method as 'GET',
        url: r.url.replace(/:(\w+)/g, '1'),
        token: w.A.token,
        body,
        query: sample.query,
      });
      expect(res.body.code, `${r.method} ${r.url} (add a valid body to ROOT_SAMPLES if this is 4001)`).toBe(4053);
    }
  });

  it('never lets A reach or see B', async () => {
    const failures: string[] = [];
    for (const r of registeredRoutes(h.ctx)) {
      const key = `${r.method} ${r.url}`;
      const probe = PROBES[key];
      if (!probe || probe.kind === 'open') continue;
      const req = probe.req(w);
      const res = await call(h, { method: r.method as 'GET', url: r.url, token: w.A.token, query: req.query, body: req.body });
      const code = res.body.code;
      if (probe.kind === 'refuse') {
        if (res.status < 400 || code === undefined || NOT_A_REFUSAL.has(code))
          failures.push(`${key}: not refused (${res.status} ${res.raw.slice(0, 160)})`);
        continue;
      }
      if (res.status >= 400) {
        if (code === undefined || NOT_A_REFUSAL.has(code)) failures.push(`${key}: malformed probe (${res.raw.slice(0, 160)})`);
        continue;
      }
      if ((await answerText(res)).includes(B_MARK)) failures.push(`${key}: shows B's data`);
      const data = res.body.data as { list?: unknown[] } | undefined;
      if (probe.filtered && (data?.list?.length ?? 0) > 0) failures.push(`${key}: filtered on B's object yet lists ${data?.list?.length}`);
    }
    expect(failures).toEqual([]);
  });

  it('left B untouched', async () => {
    const db = h.handle.db;
    const dept = await db.selectFrom('company').select(['name', 'path']).where('id', '=', w.B.deptId).executeTakeFirstOrThrow();
    expect(dept.name).toBe(`${B_MARK} Dept`);
    expect(dept.path.startsWith(`/`)).toBe(true);
    const user = await db
      .selectFrom('app_user')
      .select(['realname', 'deleted_at'])
      .where('id', '=', w.B.staffUserId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ realname: `${B_MARK} staff`, deleted_at: null });
    const community = await db
      .selectFrom('community')
      .select(['name', 'deleted_at'])
      .where('id', '=', w.B.communityId)
      .executeTakeFirstOrThrow();
    expect(community).toEqual({ name: `${B_MARK} Garden`, deleted_at: null });
    const lift = await db.selectFrom('lift').select(['name', 'deleted_at']).where('id', '=', w.B.liftId).executeTakeFirstOrThrow();
    expect(lift).toEqual({ name: `${B_MARK} lift`, deleted_at: null });
  });

  it('shows B its own data (the probes above are not vacuous)', async () => {
    const tree = await ok(h, { url: '/api/company/tree', token: w.B.token });
    expect(JSON.stringify(tree)).toContain(B_MARK);
    const users = await ok(h, { url: '/api/user/list', token: w.B.token, query: { company_id: w.B.companyId } });
    expect(users.totalRow).toBe(2);
    const detail = await ok(h, { url: '/api/community/detail', token: w.B.token, query: { id: w.B.communityId } });
    expect(detail.name).toBe(`${B_MARK} Garden`);
    const audit = await ok(h, { url: '/api/audit/list', token: w.B.token });
    expect(JSON.stringify(audit)).toContain(B_MARK);
  });
});
