import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * List keyword search: one substring match, `document ILIKE '%kw%'`, where the document is the
 * searched columns of the row joined by a unit separator (U+001F, never typed in a search box,
 * so a keyword cannot match across two columns). Migration 0011 indexes exactly this expression
 * with a pg_trgm GIN index per table; the planner uses the index only when the query's
 * expression is the same, column for column, so both come from the lists below (the migration
 * keeps a frozen copy; test/keyword-index.test.ts checks the two agree on both engines).
 *
 * One expression index per table beats one index per column OR-ed together: the planner has
 * statistics on the expression (it picks the index for selective keywords instead of a
 * sequential scan that lower-cases every column of every row), one GIN scan instead of a
 * BitmapOr of several, one index to maintain on writes.
 */
export const KEYWORD_COLUMNS = {
  lift: ['name', 'code', 'terminal_id', 'address'],
  app_user: ['username', 'realname', 'mobile', 'email'],
  community: ['name', 'address'],
  sim_card: ['imsi', 'iccid', 'bs_number', 'terminal_id', 'package'],
  terminal: ['terminal_id', 'face_id', 'version'],
} as const;

export type KeywordTable = keyof typeof KEYWORD_COLUMNS;

/** The indexed document of `table`, its columns qualified with `alias` (the query's name for the table). */
export function keywordDocument(table: KeywordTable, alias: string = table): RawBuilder<string> {
  const parts = KEYWORD_COLUMNS[table].map((c) => sql`coalesce(${sql.ref(`${alias}.${c}`)}, '')`);
  return sql<string>`(${sql.join(parts, sql` || E'\\x1f' || `)})`;
}

/** `document ILIKE pattern`; `pattern` is `%${escapeLike(keyword)}%` (platform/scope.ts). */
export function keywordMatch(table: KeywordTable, alias: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${keywordDocument(table, alias)} ilike ${pattern}`;
}
