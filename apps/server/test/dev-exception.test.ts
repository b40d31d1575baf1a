import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';
import { buildTenant, type Tenant } from './org-fixture.ts';

let h: Harness;
let A: Tenant;

beforeAll(async () => {
  h = await startHarness();
  A = await buildTenant(h, 'DEX');
  await h.handle.db
    .insertInto('server_exception')
    .values([
      { method: 'GET', url: '/api/lift/list', message: 'boom one', stack: 'Error: boom one\n at x' },
      { method: 'POST', url: '/api/community/add', message: 'kaput two', stack: null },
    ])
    .execute();
});
afterAll(async () => h?.close());

const list = (token: string, query = '') =>
  h.app.inject({ method: 'GET', url: `/api/dev/exception/list${query}`, headers: { authorization: token } });

describe('GET /api/dev/exception/list', () => {
  it('lists server exceptions newest first for root, with paging and keyword', async () => {
    const root = await h.adminToken();
    const all = (await list(root)).json().data;
    expect(all.totalRow).toBeGreaterThanOrEqual(2);
    expect(all.list[0].message).toBe('kaput two');
    expect(all.list[1].message).toBe('boom one');
    expect(Number.isNaN(Date.parse(all.list[0].at))).toBe(false);
    const found = (await list(root, '?keyword=lift%2Flist')).json().data;
    expect(found.list.map((e: { message: string }) => e.message)).toEqual(['boom one']);
    const paged = (await list(root, '?size=12&page=9')).json().data;
    expect(paged.list).toEqual([]);
  });

  it('refuses a company administrator', async () => {
    const res = await list(A.token);
    expect(res.json().code).toBe(4053);
    expect(res.json().data).toBeUndefined();
  });
});
