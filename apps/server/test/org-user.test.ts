import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';
import { buildTenant, call, ok, PASSWORD, type Tenant } from './org-fixture.ts';

let h: Harness;
let A: Tenant;
let B: Tenant;
let root: string;

beforeAll(async () => {
  h = await startHarness();
  A = await buildTenant(h, 'AAA');
  B = await buildTenant(h, 'BBB');
  root = await h.adminToken();
}, 180_000);
afterAll(async () => h?.close());

const addUser = (body: Record<string, unknown>, token = A.token) =>
  call(h, {
    url: '/api/user/add',
    token,
    body: { password: PASSWORD, membership: { company_id: A.companyId, role_id: A.staffRoleId }, ...body },
  });

describe('user validation (SPEC.md §5)', () => {
  it('answers each broken rule with its code', async () => {
    expect((await addUser({ username: 'bad-name', email: 'a@example.com' })).body.code).toBe(4001);
    expect((await addUser({ username: 'phoneless' })).body.code).toBe(4001);
    expect((await addUser({ username: 'badphone', mobile: '12345678901' })).body.code).toBe(4098);
    expect((await addUser({ username: 'bademail', email: 'nope@' })).body.code).toBe(4099);
    expect((await addUser({ username: 'weakpw', email: 'weak@example.com', password: 'abc123' })).body.code).toBe(4013);
  });

  it('refuses duplicates of phone (4026), username (4027) and email (4101), case-insensitively', async () => {
    const first = await addUser({ username: 'dupuser', mobile: '13900000001', email: 'dup@example.com' });
    expect(first.status).toBe(200);
    expect((await addUser({ username: 'other1', mobile: '13900000001' })).body.code).toBe(4026);
    expect((await addUser({ username: 'DupUser', email: 'x1@example.com' })).body.code).toBe(4027);
    expect((await addUser({ username: 'other2', email: 'DUP@example.com' })).body.code).toBe(4101);
    const edit = await call(h, { url: '/api/user/update', token: A.token, body: { id: A.staffUserId, mobile: '13900000001' } });
    expect(edit.body.code).toBe(4026);
  });

  it('ignores fields a client must not set', async () => {
    const res = await addUser({ username: 'massassign', email: 'mass@example.com', is_root: true, company_id: B.companyId, balance: 1000 });
    expect(res.status).toBe(200);
    const row = await h.handle.db
      .selectFrom('app_user')
      .select(['is_root', 'current_company_id'])
      .where('username', '=', 'massassign')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_root: false, current_company_id: A.companyId });
  });
});

describe('user list, delete and memberships', () => {
  it('searches by keyword and pages with the list contract', async () => {
    for (let i = 0; i < 13; i++) {
      const r = await addUser({ username: `pager${i}`, realname: `Pager ${i}`, email: `pager${i}@example.com` });
      expect(r.status).toBe(200);
    }
    const p1 = await ok(h, { url: '/api/user/list', token: A.token, query: { keyword: 'pager', size: 12 } });
    expect(p1.totalRow).toBe(13);
    expect(p1.list).toHaveLength(12);
    expect(p1.list[0].username).toBe('pager12'); // id descending by default
    const p2 = await ok(h, { url: '/api/user/list', token: A.token, query: { keyword: 'pager', page: 2 } });
    expect(p2.list.map((u: { username: string }) => u.username)).toEqual(['pager0']);
    const byMail = await ok(h, { url: '/api/user/list', token: A.token, query: { keyword: 'pager3@' } });
    expect(byMail.list.map((u: { username: string }) => u.username)).toEqual(['pager3']);
    const asc = await ok(h, {
      url: '/api/user/list',
      token: A.token,
      query: { keyword: 'pager', orderKey: 'username', orderMethod: 'asc' },
    });
    expect(asc.list[0].username).toBe('pager0');
    expect((await call(h, { url: '/api/user/list', token: A.token, query: { size: 13 } })).body.code).toBe(4001);
  });

  it('forbids deleting the own account, deletes once, answers 4021 the second time and ends the sessions', async () => {
    expect((await call(h, { url: '/api/user/delete', token: A.token, body: { id: A.adminUserId } })).body.code).toBe(4055);
    await addUser({ username: 'leaver', email: 'leaver@example.com' });
    const token = await h.login('leaver', PASSWORD);
    const id = (await ok(h, { url: '/api/getuser', token })).id;
    await ok(h, { url: '/api/user/delete', token: A.token, body: { id } });
    expect((await call(h, { url: '/api/user/delete', token: A.token, body: { id } })).body.code).toBe(4021);
    expect((await call(h, { url: '/api/getuser', token })).status).toBe(401);
    const list = await ok(h, { url: '/api/user/list', token: A.token, query: { keyword: 'leaver' } });
    expect(list.totalRow).toBe(0);
  });

  it('removes only the in-scope membership of a user who also belongs elsewhere', async () => {
    const r = await addUser({ username: 'twohats', email: 'twohats@example.com' });
    const id = (r.body.data as { id: number }).id;
    await ok(h, { url: '/api/user/membership/save', token: root, body: { user_id: id, company_id: B.companyId, role_id: B.staffRoleId } });
    // A sees only the A membership, and cannot change the shared account fields
    const seen = await ok(h, { url: '/api/user/detail', token: A.token, query: { id } });
    expect(seen.memberships.map((m: { company_id: number }) => m.company_id)).toEqual([A.companyId]);
    expect((await call(h, { url: '/api/user/update', token: A.token, body: { id, email: 'takeover@example.com' } })).body.code).toBe(4053);
    await ok(h, { url: '/api/user/delete', token: A.token, body: { id } });
    expect((await call(h, { url: '/api/user/detail', token: A.token, query: { id } })).body.code).toBe(4064);
    const inB = await ok(h, { url: '/api/user/detail', token: B.token, query: { id } });
    expect(inB.deleted).toBe(false);
    expect(inB.memberships.map((m: { company_id: number }) => m.company_id)).toEqual([B.companyId]);
  });

  it('changes a membership role and the guard follows at once', async () => {
    const r = await addUser({ username: 'promoted', email: 'promoted@example.com' });
    const token = await h.login('promoted', PASSWORD);
    expect((await call(h, { url: '/api/community/add', token, body: { name: 'Promo Garden' } })).body.code).toBe(4053);
    await ok(h, {
      url: '/api/user/membership/save',
      token: A.token,
      body: { user_id: (r.body.data as { id: number }).id, company_id: A.companyId, role_id: A.adminRoleId },
    });
    await ok(h, { url: '/api/community/add', token, body: { name: 'Promo Garden' } });
  });

  it('exports the users in scope to xlsx for administrators only', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/user/export', headers: { authorization: A.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names: string[] = [];
    wb.getWorksheet('users')?.eachRow((row) => names.push(String(row.getCell(2).value)));
    expect(names[0]).toBe('username');
    expect(names).toContain('pager3');
    expect(names.some((n) => n.startsWith('admBBB'))).toBe(false);
    expect((await call(h, { url: '/api/user/export', token: A.staffToken })).body.code).toBe(4053);
  });
});

describe('audit log', () => {
  it('records creates with who and where, filters, and is closed to staff', async () => {
    const list = await ok(h, { url: '/api/audit/list', token: A.token, query: { action: 'user.create' } });
    expect(list.totalRow).toBeGreaterThan(10);
    expect(list.list.every((e: { action: string }) => e.action === 'user.create')).toBe(true);
    expect(list.list[0].username).toMatch(/^admAAA/);
    expect((await call(h, { url: '/api/audit/list', token: A.staffToken })).body.code).toBe(4053);
    const all = await ok(h, { url: '/api/audit/list', token: root, query: { action: 'login', result: 'ok' } });
    expect(all.totalRow).toBeGreaterThan(0);
  });
});
