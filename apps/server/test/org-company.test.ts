import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';
import { buildTenant, call, ok, PASSWORD, type Tenant } from './org-fixture.ts';

let h: Harness;
let A: Tenant;
let B: Tenant;

beforeAll(async () => {
  h = await startHarness();
  A = await buildTenant(h, 'AAA');
  B = await buildTenant(h, 'BBB');
}, 180_000);
afterAll(async () => h?.close());

const add = (body: Record<string, unknown>) => ok(h, { url: '/api/company/add', token: A.token, body });
const pathOf = async (id: number) =>
  (await h.handle.db.selectFrom('company').select('path').where('id', '=', id).executeTakeFirstOrThrow()).path;

describe('company tree', () => {
  it('creates companies and departments with correct paths and the default SMS policy', async () => {
    const x = await add({ pid: A.companyId, name: 'X' });
    expect(x.path).toBe(`${await pathOf(A.companyId)}${x.id}/`);
    expect(x.sms_enable).toBe(1);
    const d = await add({ pid: x.id, node_type: 'department', name: 'X dept', j_auth_list: ['system'] });
    expect(d.path).toBe(`${x.path}d${d.id}/`);
    expect(d.j_auth_list).toEqual([]); // departments inherit, they hold nothing of their own
    expect(d.j_company_chain.at(-1)).toBe(d.id);
    const detail = await ok(h, { url: '/api/company/detail', token: A.token, query: { id: A.companyId } });
    expect(detail.j_auth_list).toContain('system_company');
    const tree = await ok(h, { url: '/api/company/tree', token: A.token });
    expect(tree.list[0].j_auth_list).toBeUndefined();
    expect(
      (await call(h, { url: '/api/company/add', token: A.token, body: { pid: A.companyId, name: 'bad', sms_enable: 3 } })).body.code,
    ).toBe(4001);
  });

  it('moves a node with its whole subtree and refuses cycles', async () => {
    const x = await add({ pid: A.companyId, name: 'Mover' });
    const y = await add({ pid: x.id, node_type: 'department', name: 'Mover dept' });
    const z = await add({ pid: y.id, node_type: 'department', name: 'Mover team' });
    const moved = await ok(h, { url: '/api/company/move', token: A.token, body: { id: x.id, pid: A.subCompanyId } });
    const sub = await pathOf(A.subCompanyId);
    expect(moved.path).toBe(`${sub}${x.id}/`);
    expect(await pathOf(y.id)).toBe(`${sub}${x.id}/d${y.id}/`);
    expect(await pathOf(z.id)).toBe(`${sub}${x.id}/d${y.id}/d${z.id}/`);
    expect(moved.pid).toBe(A.subCompanyId);
    expect((await call(h, { url: '/api/company/move', token: A.token, body: { id: x.id, pid: z.id } })).body.code).toBe(4121);
    expect((await call(h, { url: '/api/company/move', token: A.token, body: { id: x.id, pid: A.deptId } })).body.code).toBe(4122);
    // the own scope root cannot be moved or deleted by its own administrator
    expect((await call(h, { url: '/api/company/move', token: A.token, body: { id: A.companyId, pid: A.subCompanyId } })).body.code).toBe(
      4053,
    );
  });

  it('refuses to delete a node with subordinates (4090) or members (4054), then deletes and audits', async () => {
    const p = await add({ pid: A.companyId, name: 'Parent' });
    const c = await add({ pid: p.id, node_type: 'department', name: 'Child' });
    expect((await call(h, { url: '/api/company/delete', token: A.token, body: { id: p.id } })).body.code).toBe(4090);
    await ok(h, {
      url: '/api/user/add',
      token: A.token,
      body: { username: 'member1', email: 'member1@example.com', password: PASSWORD, membership: { company_id: c.id } },
    });
    const withMembers = await call(h, { url: '/api/company/delete', token: A.token, body: { id: c.id }, query: undefined });
    expect(withMembers.body.code).toBe(4054);
    expect(withMembers.body.msg).toBe('存在成员的公司或部门不能删除');
    const empty = await add({ pid: A.companyId, name: 'Empty' });
    await ok(h, { url: '/api/company/delete', token: A.token, body: { id: empty.id } });
    const tree = await ok(h, { url: '/api/company/tree', token: A.token });
    expect(tree.list.some((n: { id: number }) => n.id === empty.id)).toBe(false);
    const audit = await ok(h, { url: '/api/audit/list', token: A.token, query: { action: 'company.delete' } });
    const entry = audit.list.find((e: { target: string }) => e.target === `company:${empty.id}`);
    expect(entry.username).toMatch(/^admAAA/);
    expect(entry.ip).toBeTruthy();
    expect(entry.at).toMatch(/Z$/);
  });
});

/** A PNG header is all image-size reads: signature + IHDR with width and height. */
function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.writeUInt8(8, 24);
  b.writeUInt8(6, 25);
  return b;
}

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----orgtest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) => {
  const m = multipart(fields, file);
  return h.app.inject({ method: 'POST', url: '/api/portal/upload_logo', payload: m.payload, headers: m.headers });
};

describe('logo upload', () => {
  it('stores a 207×40 PNG sent with token and cid as form fields and sets it on the company', async () => {
    const res = await upload({ token: A.token, cid: String(A.companyId) }, { name: 'logo.png', type: 'image/png', data: png(207, 40) });
    expect(res.statusCode).toBe(200);
    const logo = res.json().data.logo as string;
    expect(logo).toMatch(/^\/f\/logos\/[a-f0-9]{32}\.png$/);
    expect(fs.existsSync(path.join(h.ctx.config.filesDir, logo.slice(3)))).toBe(true);
    const tree = await ok(h, { url: '/api/company/tree', token: A.token });
    expect(tree.list.find((n: { id: number }) => n.id === A.companyId).logo).toBe(logo);
  });

  it('refuses wrong sizes, non-images, foreign companies and callers without a token', async () => {
    const small = await upload({ token: A.token, cid: String(A.companyId) }, { name: 'sq.png', type: 'image/png', data: png(40, 40) });
    expect(small.json().code).toBe(4128);
    const text = await upload(
      { token: A.token, cid: String(A.companyId) },
      { name: 'x.png', type: 'image/png', data: Buffer.from('not an image at all') },
    );
    expect(text.json().code).toBe(4127);
    const big = await upload(
      { token: A.token, cid: String(A.companyId) },
      { name: 'big.png', type: 'image/png', data: Buffer.concat([png(207, 40), Buffer.alloc(600 * 1024)]) },
    );
    expect(big.json().code).toBe(4051);
    const foreign = await upload({ token: A.token, cid: String(B.companyId) }, { name: 'logo.png', type: 'image/png', data: png(207, 40) });
    expect(foreign.json().code).toBe(4064);
    const anonymous = await upload({ cid: String(A.companyId) }, { name: 'logo.png', type: 'image/png', data: png(207, 40) });
    expect(anonymous.json().code).toBe(401);
    const staff = await upload(
      { token: A.staffToken, cid: String(A.companyId) },
      { name: 'logo.png', type: 'image/png', data: png(207, 40) },
    );
    expect(staff.json().code).toBe(4053);
  });
});

describe('communities', () => {
  it('creates buildings and units in batches with the SPEC.md §5 rules', async () => {
    const c = await ok(h, {
      url: '/api/community/add',
      token: A.token,
      body: { name: 'Batch Garden', j_region: ['广东省', '深圳市', '南山区'], address: '1 Road' },
    });
    expect(c.j_region).toEqual(['广东省', '深圳市', '南山区']);
    const made = await ok(h, {
      url: '/api/community/building/batchadd',
      token: A.token,
      body: { community_id: c.id, ranges: [{ start: 1, end: 3 }], prefix: '', suffix: '栋' },
    });
    expect(made.list.map((b: { name: string }) => b.name)).toEqual(['1栋', '2栋', '3栋']);
    const batch = (ranges: Array<{ start: number; end: number }>) =>
      call(h, { url: '/api/community/building/batchadd', token: A.token, body: { community_id: c.id, ranges, suffix: '栋' } });
    expect((await batch([{ start: 5, end: 4 }])).body.code).toBe(4123);
    expect(
      (
        await batch([
          { start: 4, end: 6 },
          { start: 6, end: 7 },
        ])
      ).body.code,
    ).toBe(4124);
    expect((await batch([{ start: 3, end: 4 }])).body.code).toBe(4125);
    const units = await ok(h, {
      url: '/api/community/unit/batchadd',
      token: A.token,
      body: { building_id: made.list[0].id, ranges: [{ start: 1, end: 2 }], suffix: '单元' },
    });
    expect(units.list[0].units.map((u: { name: string }) => u.name)).toEqual(['1单元', '2单元']);
    expect((await call(h, { url: '/api/community/delete', token: A.token, body: { id: c.id } })).body.code).toBe(4129);
    expect((await call(h, { url: '/api/community/add', token: A.token, body: { name: 'Batch Garden' } })).body.code).toBe(4125);
  });

  it('shows a member restricted to some communities only those', async () => {
    const other = await ok(h, { url: '/api/community/add', token: A.token, body: { name: 'Hidden Garden' } });
    await ok(h, {
      url: '/api/user/add',
      token: A.token,
      body: {
        username: 'restricted',
        mobile: '13800000001',
        password: PASSWORD,
        membership: { company_id: A.companyId, role_id: A.staffRoleId, j_community_ids: [A.communityId] },
      },
    });
    const token = await h.login('restricted', PASSWORD);
    const list = await ok(h, { url: '/api/community/list', token });
    expect(list.list.map((c: { id: number }) => c.id)).toEqual([A.communityId]);
    expect((await call(h, { url: '/api/community/detail', token, query: { id: other.id } })).body.code).toBe(4064);
    // a membership cannot be granted a community outside the scope
    const foreign = await call(h, {
      url: '/api/user/membership/save',
      token: A.token,
      body: { user_id: A.staffUserId, company_id: A.companyId, role_id: A.staffRoleId, j_community_ids: [B.communityId] },
    });
    expect(foreign.body.code).toBe(4064);
  });
});
