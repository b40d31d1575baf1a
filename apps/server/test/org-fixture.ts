import { expect } from 'vitest';
import type { Harness } from './harness.ts';

/** Password of every account the organisation fixture creates. */
export const PASSWORD = 'Passw0rd!x';

export type Tenant = {
  companyId: number;
  deptId: number;
  subCompanyId: number;
  adminRoleId: number;
  staffRoleId: number;
  adminUserId: number;
  staffUserId: number;
  communityId: number;
  buildingId: number;
  unitId: number;
  liftId: number;
  faultId: number;
  /** company administrator (role ADMIN, every key and URI of the company) */
  token: string;
  /** staff member without any write URI */
  staffToken: string;
};

type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; token?: string; body?: unknown; query?: Record<string, unknown> };

/** Call the API and return status and parsed body. */
export async function call(h: Harness, c: Call) {
  const qs = c.query
    ? `?${new URLSearchParams(Object.entries(c.query).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString()}`
    : '';
  const res = await h.app.inject({
    method: c.method ?? (c.body === undefined ? 'GET' : 'POST'),
    url: `${c.url}${qs}`,
    headers: c.token ? { authorization: c.token } : {},
    ...(c.body !== undefined ? { payload: c.body as Record<string, unknown> } : {}),
  });
  let body: { data?: unknown; code?: number; msg?: string } = {};
  try {
    body = res.json();
  } catch {
    /* binary answer */
  }
  return { status: res.statusCode, body, raw: res.body, rawPayload: res.rawPayload, headers: res.headers };
}

/** Call and expect success; answers `data`. */
// biome-ignore lint/suspicious/noExplicitAny: test convenience over many answer shapes
export async function ok(h: Harness, c: Call): Promise<any> {
  const r = await call(h, c);
  expect(r.body.code, `${c.url}: ${r.raw.slice(0, 300)}`).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.data;
}

/** Every route key and write URI the resource tree knows (what the platform may hand out). */
export async function allGrants(h: Harness): Promise<{ keys: string[]; uris: string[] }> {
  const rows = await h.handle.db.selectFrom('resource').select(['name', 'kind']).execute();
  return { keys: rows.filter((r) => r.kind === 'route').map((r) => r.name), uris: rows.filter((r) => r.kind === 'uri').map((r) => r.name) };
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/**
 * A tenant built through the API as root: a company (all keys and URIs) with a department and a
 * subsidiary, an ADMIN and a STAFF role and user, a community with a building and a unit, and a
 * lift with a fault inserted directly. `marker` goes into every name so leaks are easy to spot.
 */
export async function buildTenant(h: Harness, marker: string): Promise<Tenant> {
  const root = await h.adminToken();
  const tree = await ok(h, { url: '/api/company/tree', token: root });
  const platformId = tree.list[0].id as number;
  const g = await allGrants(h);
  const company = await ok(h, {
    url: '/api/company/add',
    token: root,
    body: { pid: platformId, name: `${marker} Company`, j_auth_list: g.keys, j_auth_uris: g.uris, j_extra_auth: ['user_export'] },
  });
  const dept = await ok(h, {
    url: '/api/company/add',
    token: root,
    body: { pid: company.id, node_type: 'department', name: `${marker} Dept` },
  });
  const sub = await ok(h, {
    url: '/api/company/add',
    token: root,
    body: { pid: company.id, name: `${marker} Subsidiary`, j_auth_list: ['system', 'system_user'], j_auth_uris: ['/user/add'] },
  });
  const adminRole = await ok(h, {
    url: '/api/role/add',
    token: root,
    body: {
      company_id: company.id,
      name: `${marker} Admin`,
      role_type: 'ADMIN',
      j_auth_list: g.keys,
      j_auth_uris: g.uris,
      j_extra_auth: ['user_export'],
    },
  });
  const staffRole = await ok(h, {
    url: '/api/role/add',
    token: root,
    body: { company_id: company.id, name: `${marker} Staff`, role_type: 'STAFF', j_auth_list: ['system', 'system_user'] },
  });
  const u = unique();
  const admin = await ok(h, {
    url: '/api/user/add',
    token: root,
    body: {
      username: `adm${marker}${u}`,
      realname: `${marker} admin`,
      email: `adm${marker}${u}@example.com`,
      password: PASSWORD,
      membership: { company_id: company.id, role_id: adminRole.id },
    },
  });
  const staff = await ok(h, {
    url: '/api/user/add',
    token: root,
    body: {
      username: `stf${marker}${u}`,
      realname: `${marker} staff`,
      email: `stf${marker}${u}@example.com`,
      password: PASSWORD,
      membership: { company_id: company.id, role_id: staffRole.id },
    },
  });
  const community = await ok(h, {
    url: '/api/community/add',
    token: root,
    body: { company_id: company.id, name: `${marker} Garden`, address: `${marker} road` },
  });
  const buildings = await ok(h, {
    url: '/api/community/building/batchadd',
    token: root,
    body: { community_id: community.id, ranges: [{ start: 1, end: 1 }], prefix: marker },
  });
  const buildingId = buildings.list[0].id as number;
  const units = await ok(h, {
    url: '/api/community/unit/batchadd',
    token: root,
    body: { building_id: buildingId, ranges: [{ start: 1, end: 1 }], prefix: marker },
  });
  const unitId = units.list[0].units[0].id as number;
  const db = h.handle.db;
  const lift = await db
    .insertInto('lift')
    .values({
      company_id: company.id,
      community_id: community.id,
      building_id: buildingId,
      unit_id: unitId,
      name: `${marker} lift`,
      code: `${marker}-${u}`,
      expire_at: new Date(Date.now() + 365 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fault = await db
    .insertInto('fault')
    .values({ lift_id: lift.id, company_id: company.id, terminal_id: `T${u}`, code: 'E01', occurred_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    companyId: company.id,
    deptId: dept.id,
    subCompanyId: sub.id,
    adminRoleId: adminRole.id,
    staffRoleId: staffRole.id,
    adminUserId: admin.id,
    staffUserId: staff.id,
    communityId: community.id,
    buildingId,
    unitId,
    liftId: lift.id,
    faultId: Number(fault.id),
    token: await h.login(`adm${marker}${u}`, PASSWORD),
    staffToken: await h.login(`stf${marker}${u}`, PASSWORD),
  };
}
