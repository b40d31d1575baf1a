import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';
import { buildTenant, call, ok, PASSWORD, type Tenant } from './org-fixture.ts';

let h: Harness;
let A: Tenant;
let root: string;

beforeAll(async () => {
  h = await startHarness();
  A = await buildTenant(h, 'AAA');
  root = await h.adminToken();
}, 180_000);
afterAll(async () => h?.close());

const setStaffUris = (uris: string[], extra: Record<string, unknown> = {}) =>
  ok(h, { url: '/api/role/update', token: A.token, body: { id: A.staffRoleId, j_auth_uris: uris, ...extra } });

describe('write guard (SPEC.md §6)', () => {
  it('refuses a write without the URI, audits the denial, and allows it once the role holds the URI', async () => {
    const denied = await call(h, { url: '/api/community/add', token: A.staffToken, body: { name: 'Staff Garden' } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(4053);
    const audit = await ok(h, { url: '/api/audit/list', token: A.token, query: { action: 'permission.denied' } });
    expect(audit.list.some((e: { target: string }) => e.target === 'POST /api/community/add')).toBe(true);

    await setStaffUris(['/community/add']);
    const created = await ok(h, { url: '/api/community/add', token: A.staffToken, body: { name: 'Staff Garden' } });
    expect(created.company_id).toBe(A.companyId);
    // free calls need no URI
    await ok(h, { url: '/api/community/list', token: A.staffToken });
  });

  it('honours a URI granted for one community only', async () => {
    const other = await ok(h, { url: '/api/community/add', token: A.token, body: { name: 'Other Garden' } });
    await setStaffUris([`/community/building/batchadd@${A.communityId}`]);
    await ok(h, {
      url: '/api/community/building/batchadd',
      token: A.staffToken,
      body: { community_id: A.communityId, ranges: [{ start: 20, end: 21 }] },
    });
    const denied = await call(h, {
      url: '/api/community/building/batchadd',
      token: A.staffToken,
      body: { community_id: other.id, ranges: [{ start: 20, end: 21 }] },
    });
    expect(denied.body.code).toBe(4053);
  });

  it('lets ROOT bypass every check and keeps root-only routes from company administrators', async () => {
    await ok(h, { url: '/api/dev/res/add', token: root, body: { layer: 1, kind: 'route', name: 'probe_group', label: 'probe' } });
    expect((await call(h, { url: '/api/dev/res/list', token: A.token })).body.code).toBe(4053);
    const res = await ok(h, { url: '/api/dev/res/list', token: root });
    const names = res.list.map((r: { name: string }) => r.name);
    expect(names).toContain('system_company');
    expect(names).toContain('/company/add');
    expect(names).toContain('/user/add');
    expect(names).not.toContain('/user/list');
  });

  it('answers 401 without a token', async () => {
    expect((await call(h, { url: '/api/company/tree' })).body.code).toBe(401);
  });
});

describe('departments and child companies', () => {
  it('gives a department member the scope of the owning company', async () => {
    const u = await ok(h, {
      url: '/api/user/add',
      token: A.token,
      body: {
        username: 'deptmember',
        email: 'dept@example.com',
        password: PASSWORD,
        membership: { company_id: A.deptId, role_id: A.staffRoleId },
      },
    });
    expect(u.memberships[0].node_type).toBe('department');
    const token = await h.login('deptmember', PASSWORD);
    const list = await ok(h, { url: '/api/community/list', token });
    expect(list.list.map((c: { id: number }) => c.id)).toContain(A.communityId);
    const tree = await ok(h, { url: '/api/company/tree', token });
    expect(tree.list[0].id).toBe(A.companyId);
  });

  it('keeps private roles away from department members', async () => {
    const priv = await ok(h, {
      url: '/api/role/add',
      token: A.token,
      body: { name: 'Private', is_private: true, j_auth_list: ['system'] },
    });
    const res = await call(h, {
      url: '/api/user/add',
      token: A.token,
      body: {
        username: 'privdept',
        email: 'privdept@example.com',
        password: PASSWORD,
        membership: { company_id: A.deptId, role_id: priv.id },
      },
    });
    expect(res.body.code).toBe(4131);
    await ok(h, {
      url: '/api/user/add',
      token: A.token,
      body: {
        username: 'privcomp',
        email: 'privcomp@example.com',
        password: PASSWORD,
        membership: { company_id: A.companyId, role_id: priv.id },
      },
    });
  });

  it('limits a child company and its roles to what the parent holds, and trims them when the parent loses a key', async () => {
    // the subsidiary holds system, system_user and /user/add
    const over = await call(h, {
      url: '/api/role/add',
      token: A.token,
      body: { company_id: A.subCompanyId, name: 'Too much', j_auth_list: ['system_role'] },
    });
    expect(over.body.code).toBe(4120);
    const overUri = await call(h, {
      url: '/api/role/add',
      token: A.token,
      body: { company_id: A.subCompanyId, name: 'Too much', j_auth_uris: ['/company/add'] },
    });
    expect(overUri.body.code).toBe(4120);
    const role = await ok(h, {
      url: '/api/role/add',
      token: A.token,
      body: { company_id: A.subCompanyId, name: 'Sub staff', j_auth_list: ['system', 'system_user'], j_auth_uris: ['/user/add'] },
    });
    const grandchild = await call(h, {
      url: '/api/company/add',
      token: A.token,
      body: { pid: A.subCompanyId, name: 'Grandchild', j_auth_list: ['device'] },
    });
    expect(grandchild.body.code).toBe(4120);
    const inDept = await call(h, { url: '/api/company/add', token: A.token, body: { pid: A.deptId, name: 'Company in dept' } });
    expect(inDept.body.code).toBe(4122);

    await ok(h, { url: '/api/company/update', token: A.token, body: { id: A.subCompanyId, j_auth_list: ['system'], j_auth_uris: [] } });
    const roles = await ok(h, { url: '/api/role/list', token: A.token, query: { company_id: A.subCompanyId } });
    const trimmed = roles.list.find((r: { id: number }) => r.id === role.id);
    expect(trimmed.j_auth_list).toEqual(['system']);
    expect(trimmed.j_auth_uris).toEqual([]);
  });

  it('does not let a company administrator widen their own company', async () => {
    const res = await call(h, { url: '/api/company/update', token: A.token, body: { id: A.companyId, pay_permission: true } });
    expect(res.body.code).toBe(4053);
    // harmless fields of the own company are fine
    await ok(h, { url: '/api/company/update', token: A.token, body: { id: A.companyId, j_region: ['Guangdong', 'Shenzhen'] } });
  });

  it('does not let a non-administrator hand out more than they hold', async () => {
    await setStaffUris(['/role/add', '/user/add']);
    const admin = await call(h, { url: '/api/role/add', token: A.staffToken, body: { name: 'Sneaky admin', role_type: 'ADMIN' } });
    expect(admin.body.code).toBe(4053);
    const wider = await call(h, { url: '/api/role/add', token: A.staffToken, body: { name: 'Sneaky', j_auth_uris: ['/company/delete'] } });
    expect(wider.body.code).toBe(4120);
    const assign = await call(h, {
      url: '/api/user/add',
      token: A.staffToken,
      body: {
        username: 'sneaky',
        email: 'sneaky@example.com',
        password: PASSWORD,
        membership: { company_id: A.companyId, role_id: A.adminRoleId },
      },
    });
    expect(assign.body.code).toBe(4053);
    const narrow = await ok(h, { url: '/api/role/add', token: A.staffToken, body: { name: 'Narrow', j_auth_uris: ['/user/add'] } });
    expect(narrow.role_type).toBe('STAFF');
  });

  it('never accepts a ROOT role or unknown keys from a client', async () => {
    const rootRole = await call(h, { url: '/api/role/add', token: root, body: { company_id: A.companyId, name: 'r', role_type: 'ROOT' } });
    expect(rootRole.body.code).toBe(4001);
    const unknown = await call(h, { url: '/api/role/add', token: A.token, body: { name: 'u', j_auth_list: ['no_such_page'] } });
    expect(unknown.body.code).toBe(4001);
  });
});
