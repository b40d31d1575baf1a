import { type Kysely, sql } from 'kysely';

/**
 * Never lose an alert (issue 7): `fault.alert_enqueued_at` is set in the same transaction that
 * enqueues the fault's SMS alert job. A periodic sweeper enqueues the alert of every open fault
 * of the last 24 h where it is still null (bus event lost, process died after the fault insert).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table fault add column alert_enqueued_at timestamptz`.execute(db);
  // Existing faults: the alert was decided already (or they are too old to be swept).
  await sql`update fault set alert_enqueued_at = created_at`.execute(db);
  await sql`create index fault_alert_pending_idx on fault (created_at) where alert_enqueued_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists fault_alert_pending_idx`.execute(db);
  await sql`alter table fault drop column if exists alert_enqueued_at`.execute(db);
}
