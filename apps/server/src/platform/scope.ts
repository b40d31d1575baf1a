import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from './db-schema.ts';

/**
 * The one way to confine a query to the caller's company subtree:
 *   .where((eb) => companyInScope(eb, 'lift.company_id', scope.scopePath))
 * `scopePath` is AuthContext.scopePath (e.g. '/1/4/'); it covers the company and all below it.
 */
export function companyInScope<DBT, TB extends keyof DBT>(eb: ExpressionBuilder<DBT, TB>, column: string, scopePath: string) {
  return eb(
    // biome-ignore lint/suspicious/noExplicitAny: column reference by name
    eb.ref(column as any),
    'in',
    // biome-ignore lint/suspicious/noExplicitAny: subquery on the company table
    (eb as any)
      .selectFrom('company')
      .select('company.id')
      .where('company.path', 'like', `${escapeLike(scopePath)}%`),
  );
}

/** Ids of every company and department in the subtree (small trees; prefer companyInScope in queries). */
export async function companyIdsInScope(db: Kysely<DB>, scopePath: string): Promise<number[]> {
  const rows = await db
    .selectFrom('company')
    .select('id')
    .where('path', 'like', `${escapeLike(scopePath)}%`)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A caller's data scope: the company subtree (`scopePath`), narrowed to the communities the
 * membership grants (`communityIds`; empty = the whole subtree). ROOT is never narrowed.
 * AuthContext (scopeOf(req)) satisfies it.
 */
export type DataScope = { scopePath: string; communityIds: readonly number[]; isRoot: boolean };

/** The granted community ids that narrow this scope, or null when the whole subtree is visible. */
export function grantedCommunities(scope: DataScope): readonly number[] | null {
  if (scope.isRoot || scope.communityIds.length === 0) return null;
  return scope.communityIds.filter((n) => Number.isInteger(n));
}

const TRUE = sql<SqlBool>`true`;
const idList = (ids: readonly number[]) => sql.join(ids.map((n) => sql.lit(Math.trunc(n))));

/** `column` (a community id) is one of the granted communities; true when the scope is not narrowed. */
export function communityInGrant(column: string, scope: DataScope): Expression<SqlBool> {
  const granted = grantedCommunities(scope);
  if (granted === null) return TRUE;
  if (granted.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(column)} in (${idList(granted)})`;
}

/**
 * The one way to confine a query of lifts: the lift's company in the subtree and, for a narrowed
 * membership, its community among the granted ones (a lift with no community is then out of scope).
 *   .where((eb) => liftInScope(eb, scope))            // table `lift`
 *   .where((eb) => liftInScope(eb, scope, 'l'))       // aliased
 */
export function liftInScope<DBT, TB extends keyof DBT>(
  eb: ExpressionBuilder<DBT, TB>,
  scope: DataScope,
  alias = 'lift',
): Expression<SqlBool> {
  const inCompany = companyInScope(eb, `${alias}.company_id`, scope.scopePath) as unknown as Expression<SqlBool>;
  if (grantedCommunities(scope) === null) return inCompany;
  // biome-ignore lint/suspicious/noExplicitAny: and() over expressions of any table
  return (eb as any).and([inCompany, communityInGrant(`${alias}.community_id`, scope)]);
}

/** `column` (a lift id, e.g. fault.lift_id) names a lift of the granted communities; true when not narrowed. */
export function liftIdInGrant(column: string, scope: DataScope): Expression<SqlBool> {
  const granted = grantedCommunities(scope);
  if (granted === null) return TRUE;
  if (granted.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(column)} in (select gl.id from lift gl where gl.community_id in (${idList(granted)}))`;
}

/**
 * `column` (a terminal id, e.g. sim_card.terminal_id) is the main or face terminal of a live lift
 * of the granted communities; true when not narrowed.
 */
export function terminalInGrant(column: string, scope: DataScope): Expression<SqlBool> {
  const granted = grantedCommunities(scope);
  if (granted === null) return TRUE;
  if (granted.length === 0) return sql<SqlBool>`false`;
  const ids = idList(granted);
  return sql<SqlBool>`${sql.ref(column)} in (select gl.terminal_id from lift gl where gl.community_id in (${ids}) and gl.deleted_at is null and gl.terminal_id is not null union select gl.face_terminal_id from lift gl where gl.community_id in (${ids}) and gl.deleted_at is null and gl.face_terminal_id is not null)`;
}

/**
 * `column` (a terminal id) is a terminal the scope may see among its company's: for a narrowed
 * scope, one bound to no live lift (stock not yet placed) or bound to a lift of the granted
 * communities; true when not narrowed. Terminal lists, counters, OTA and settings-push targets use it.
 */
export function terminalVisibleInGrant(column: string, scope: DataScope): Expression<SqlBool> {
  if (grantedCommunities(scope) === null) return TRUE;
  const ref = sql.ref(column);
  return sql<SqlBool>`(not exists (select 1 from lift bl where (bl.terminal_id = ${ref} or bl.face_terminal_id = ${ref}) and bl.deleted_at is null) or ${terminalInGrant(column, scope)})`;
}

/** Ids of every lift (deleted ones included) in the scope — for filters kept in memory, e.g. the live channel of a narrowed member. */
export async function liftIdsInScope(db: Kysely<DB>, scope: DataScope): Promise<number[]> {
  const rows = await db
    .selectFrom('lift')
    .select('lift.id')
    .where((eb) => liftInScope(eb, scope))
    .execute();
  return rows.map((r) => r.id);
}

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export { sql };
