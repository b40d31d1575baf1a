import { type Kysely, sql } from 'kysely';

/**
 * Keyword search indexes. Every list keyword is a substring match over a few columns; a B-tree
 * cannot serve a leading wildcard, a GIN trigram index (pg_trgm, gin_trgm_ops) serves LIKE and
 * ILIKE. One expression index per table on the searched columns joined by U+001F — the exact
 * expression platform/keyword.ts builds for the list queries (frozen copy here; see there why
 * one expression rather than one index per column).
 *
 * The extension goes to `public` (the schema every connection sees) rather than the first schema
 * on the search path: tests and benchmarks run each in a schema of their own, and an extension
 * created inside one of those would vanish, with every index built on it, when that schema is
 * dropped. The operator class is named with the schema the extension really lives in, so a
 * database that had pg_trgm elsewhere already keeps working. PGlite loads the extension from
 * `@electric-sql/pglite/contrib/pg_trgm` (platform/pglite-worker.mjs).
 */
const DOCUMENTS: Array<[table: string, columns: string[]]> = [
  ['lift', ['name', 'code', 'terminal_id', 'address']],
  ['app_user', ['username', 'realname', 'mobile', 'email']],
  ['community', ['name', 'address']],
  ['sim_card', ['imsi', 'iccid', 'bs_number', 'terminal_id', 'package']],
  ['terminal', ['terminal_id', 'face_id', 'version']],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const installed = await sql<{ nspname: string }>`
    select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  let schema = installed.rows[0]?.nspname;
  if (!schema) {
    const pub = await sql`select 1 from pg_namespace where nspname = 'public'`.execute(db);
    schema = pub.rows.length ? 'public' : (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
    if (!schema) throw new Error('pg_trgm: no schema to install the extension in');
    await sql`create extension if not exists pg_trgm with schema ${sql.id(schema)}`.execute(db);
  }
  const opclass = sql.id(schema, 'gin_trgm_ops');
  for (const [table, columns] of DOCUMENTS) {
    const doc = sql.join(
      columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
      sql` || E'\\x1f' || `,
    );
    await sql`create index if not exists ${sql.id(`${table}_keyword_trgm`)} on ${sql.table(table)} using gin ((${doc}) ${opclass})`.execute(
      db,
    );
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of DOCUMENTS) await sql`drop index if exists ${sql.id(`${table}_keyword_trgm`)}`.execute(db);
  // The extension stays: other schemas of the same database may have indexes on it.
}
