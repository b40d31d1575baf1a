import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRegistryDemo, seedRegistryDemoDefault } from '../src/modules/lift/seed.ts';
import { type Harness, startHarness } from './harness.ts';
import { client, makeCommunity, makeCompany, makeUser } from './registry-helper.ts';

let h: Harness;
let companyId: number;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  h = await startHarness();
  companyId = await makeCompany(h.handle.db, 'Demo Org');
  c = client(h, (await makeUser(h.handle.db, companyId, [])).token);
}, 120_000);
afterAll(async () => h?.close());

describe('registry demo seed', () => {
  it('adds 50 lifts with bound terminals and SIMs on a Shenzhen map, once', async () => {
    expect(await seedRegistryDemo(h.handle.db, { companyId })).toBe(50);
    expect(await seedRegistryDemo(h.handle.db, { companyId })).toBe(0);
    const list = (await c.get('/device/list?bound=1&size=12')).body.data;
    expect(list.totalRow).toBe(50);
    const map = (await c.get('/device/map')).body.data as Array<{ latitude: number; longitude: number }>;
    expect(map).toHaveLength(50);
    for (const p of map) {
      expect(Math.abs(p.latitude - 22.54)).toBeLessThan(0.1);
      expect(Math.abs(p.longitude - 114.04)).toBeLessThan(0.2);
    }
    expect((await c.get('/device/end_time_list')).body.data.totalRow).toBe(2);
    expect((await c.get('/device/terminal/list?bound=1')).body.data.totalRow).toBe(50);
    expect((await c.get('/device/sim/list')).body.data.totalRow).toBe(50);
    expect((await c.get('/device/sim/list?state=expiring')).body.data.totalRow).toBeGreaterThan(0);
  });

  it('by default seeds the company owning the demo communities, using their buildings', async () => {
    const db = h.handle.db;
    const property = await makeCompany(db, 'Property Co');
    const c1 = await makeCommunity(db, property, 'Greenfield 1');
    for (const n of [2, 3, 4]) await makeCommunity(db, property, `Greenfield ${n}`);
    const b = await db.insertInto('building').values({ community_id: c1, name: 'Tower 1' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('unit').values({ building_id: b.id, name: 'U1' }).execute();
    expect(await seedRegistryDemoDefault(db)).toBe(50);
    const rows = await db.selectFrom('lift').select(['community_id', 'building_id']).where('company_id', '=', property).execute();
    expect(rows).toHaveLength(50);
    expect(rows.filter((r) => r.community_id === c1).every((r) => r.building_id === b.id)).toBe(true);
    expect(await seedRegistryDemoDefault(db)).toBe(0);
  });
});
