import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYWORD_COLUMNS, type KeywordTable, keywordMatch } from '../src/platform/keyword.ts';
import { type Harness, startHarness } from './harness.ts';
import { ALL_URIS, client, makeCommunity, makeCompany, makeUser } from './registry-helper.ts';

/**
 * Keyword search indexes (migration 0011): one pg_trgm GIN expression index per big list, on
 * exactly the document platform/keyword.ts builds for the list queries, on both engines; the
 * lists still match case-insensitively, take `%` and `_` literally, never across two columns.
 */
let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  const db = h.handle.db;
  const a = await makeCompany(db, 'Keyword Co');
  const cm = await makeCommunity(db, a, 'Keyword Garden');
  token = (await makeUser(db, a, ALL_URIS)).token;
  await sql`
    insert into lift (company_id, community_id, name, code, variety, j_floors, positive_floors, negative_floors, address, expire_at)
    select ${a}, ${cm}, 'Lift ' || g, 'KW-' || lpad(g::text, 5, '0'), 2, '[]'::jsonb, 5, 0, 'Harbour Road ' || (g % 50),
           now() + interval '1 year'
    from generate_series(1, 400) g`.execute(db);
  await sql`insert into lift (company_id, name, code, variety, j_floors, address, expire_at) values
    (${a}, '100% Safe', 'KW-PCT', 2, '[]'::jsonb, '', now() + interval '1 year'),
    (${a}, 'Under_score', 'KW-USC', 2, '[]'::jsonb, '', now() + interval '1 year'),
    (${a}, '幸福小区1号梯', 'KW-CJK', 2, '[]'::jsonb, '深圳市福田区', now() + interval '1 year')`.execute(db);
  await sql`analyze`.execute(db);
}, 120_000);
afterAll(async () => h?.close());

describe('keyword search indexes', () => {
  it('serves each list keyword (the query expression of platform/keyword.ts) from its trigram index', async () => {
    for (const table of Object.keys(KEYWORD_COLUMNS) as KeywordTable[]) {
      const plan = await h.handle.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const r = await sql<{ 'QUERY PLAN': string }>`
          explain select count(*) from ${sql.table(table)} as x where ${keywordMatch(table, 'x', '%rbour 4%')}`.execute(trx);
        return r.rows.map((x) => x['QUERY PLAN']).join('\n');
      });
      expect(plan, table).toContain(`Bitmap Index Scan on ${table}_keyword_trgm`);
      expect(plan, table).not.toMatch(/Seq Scan/);
    }
  });

  it('lift list keyword: substring, case-insensitive, % and _ literal', async () => {
    const c = client(h, token);
    const count = async (kw: string) => (await c.get(`/device/list?size=12&keyword=${encodeURIComponent(kw)}`)).body.data.totalRow;
    expect(await count('harbour road 4')).toBe(88); // residues 4 and 40-49 of g % 50, 8 lifts each
    expect(await count('kw-0012')).toBe(10); // KW-00120 … KW-00129
    expect(await count('%')).toBe(1);
    expect(await count('_')).toBe(1);
    expect(await count('0% s')).toBe(1);
    expect(await count('Lift 7 KW')).toBe(0); // never across name and code
    expect(await count('小区1号')).toBe(1);
    expect(await count('福田')).toBe(1);
  });
});
