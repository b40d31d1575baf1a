import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
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

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export { sql };
