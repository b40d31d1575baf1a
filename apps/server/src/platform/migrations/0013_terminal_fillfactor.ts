import { type Kysely, sql } from 'kysely';

/**
 * A connected terminal's row is rewritten all the time (last seen, run state, online). With room
 * left in each page the new version goes into the same page without touching the indexes (a HOT
 * update): the keyword GIN index of migration 0011 made every other update cost an index insert.
 * Pages written from now on keep half their room free (the table is small: one row per device).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table terminal set (fillfactor = 50)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table terminal reset (fillfactor)`.execute(db);
}
