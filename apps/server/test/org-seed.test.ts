import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes, writeUris } from '../src/modules/resource/registry.ts';
import { findDemoOrganisation, seedDemoOrganisation } from '../src/modules/seed/index.ts';
import { type Harness, startHarness } from './harness.ts';
import { call, ok } from './org-fixture.ts';

const DEMO_PASSWORD = 'Demo#Pass1';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 180_000);
afterAll(async () => h?.close());

describe('demo organisation seed', () => {
  it('seeds once, and answers the same ids afterwards', async () => {
    const uris = writeUris(registeredRoutes(h.ctx)).map((u) => u.uri);
    const first = await seedDemoOrganisation(h.handle.db, { writeUris: uris, password: DEMO_PASSWORD });
    expect(first?.accounts.map((a) => a.username)).toEqual(['hxadmin', 'hxoperator', 'hxworker', 'gfmanager']);
    expect(await seedDemoOrganisation(h.handle.db, { writeUris: uris, password: DEMO_PASSWORD })).toBeNull();
    expect(await findDemoOrganisation(h.handle.db)).toEqual(first?.org);
    expect(first?.org.communities).toHaveLength(3);
    await expect(seedDemoOrganisation(h.handle.db, { writeUris: uris, password: 'weak' })).rejects.toThrow(/DEMO_PASSWORD/);
  });

  it('gives each demo user a working, scoped account', async () => {
    const admin = await h.login('hxadmin', DEMO_PASSWORD);
    const tree = await ok(h, { url: '/api/company/tree', token: admin });
    expect(tree.list.map((n: { name: string }) => n.name)).toEqual(['Huaxia Lift Manufacturing', 'Huaxia Lift Maintenance']);

    const manager = await h.login('gfmanager', DEMO_PASSWORD);
    const communities = await ok(h, { url: '/api/community/list', token: manager });
    expect(communities.totalRow).toBe(3);
    await ok(h, {
      url: '/api/community/building/batchadd',
      token: manager,
      body: { community_id: communities.list[0].id, ranges: [{ start: 9, end: 9 }] },
    });
    const exported = await h.app.inject({ method: 'GET', url: '/api/user/export', headers: { authorization: manager } });
    expect(exported.statusCode).toBe(200);

    const operator = await h.login('hxoperator', DEMO_PASSWORD);
    expect((await call(h, { url: '/api/community/add', token: operator, body: { name: 'Nope' } })).body.code).toBe(4053);
    await h.login('hxworker', DEMO_PASSWORD);
  });

  it('keeps every demo role within its company grant', async () => {
    const root = await h.adminToken();
    const roles = await ok(h, { url: '/api/role/list', token: root });
    const demo = roles.list.filter((r: { name: string }) =>
      ['Company admin', 'Operator', 'Maintenance worker', 'Property manager'].includes(r.name),
    );
    expect(demo).toHaveLength(4);
    for (const r of demo) await ok(h, { url: '/api/role/update', token: root, body: { id: r.id, name: r.name } });
  });
});
