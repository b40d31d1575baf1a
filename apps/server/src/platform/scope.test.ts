import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from './db-schema.ts';
import { communityInGrant, type DataScope, grantedCommunities, liftIdInGrant, liftInScope } from './scope.ts';

// a compile-only Kysely: builds SQL text, never connects
const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: {} as never }) });
const wide: DataScope = { scopePath: '/1/4/', communityIds: [], isRoot: false };
const narrow: DataScope = { scopePath: '/1/4/', communityIds: [7, 9], isRoot: false };
const rootNarrow: DataScope = { scopePath: '/1/', communityIds: [7], isRoot: true };

describe('granted communities', () => {
  it('narrow only a non-root membership that lists some', () => {
    expect(grantedCommunities(wide)).toBeNull();
    expect(grantedCommunities(rootNarrow)).toBeNull();
    expect(grantedCommunities(narrow)).toEqual([7, 9]);
  });

  it('liftInScope adds the community condition only when narrowed', () => {
    const sqlOf = (s: DataScope) =>
      db
        .selectFrom('lift')
        .select('lift.id')
        .where((eb) => liftInScope(eb, s))
        .compile().sql;
    expect(sqlOf(wide)).not.toContain('community_id');
    expect(sqlOf(rootNarrow)).not.toContain('community_id');
    expect(sqlOf(narrow)).toContain('"lift"."community_id" in (7, 9)');
  });

  it('lift-id and community conditions are plain true when not narrowed, false for an empty valid list', () => {
    const q = (e: ReturnType<typeof communityInGrant>) => db.selectFrom('fault').select('fault.id').where(e).compile().sql;
    expect(q(liftIdInGrant('fault.lift_id', wide))).toContain('where true');
    expect(q(liftIdInGrant('fault.lift_id', narrow))).toContain(
      '"fault"."lift_id" in (select gl.id from lift gl where gl.community_id in (7, 9))',
    );
    expect(q(communityInGrant('fault.id', { ...narrow, communityIds: [Number.NaN] }))).toContain('where false');
  });
});
