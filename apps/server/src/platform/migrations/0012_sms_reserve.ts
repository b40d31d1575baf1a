import { type Kysely, sql } from 'kysely';

/**
 * SMS alerts without a company-wide lock (issue 7, burst latency): the company limit is reserved
 * atomically on `company.sms_count` when an SMS is queued (given back when it finally fails),
 * the Shanghai day and the per-device slot of each fault SMS are stored so unique keys refuse a
 * second "same fault, same lift, same number, same day" and a fourth SMS per device and number a
 * day, and a send attempt whose outcome is unknown (timeout) is counted.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sms_record add column sms_day date`.execute(db);
  await sql`alter table sms_record add column day_slot smallint`.execute(db);
  await sql`alter table sms_record add column unknown_outcomes integer not null default 0`.execute(db);
  await sql`alter table sms_record add column last_error text`.execute(db);
  // Queued SMS held a unit through a count of queued records; from now on they hold it in sms_count.
  await sql`
    update company c set sms_count = c.sms_count + q.n
    from (select company_id, count(*)::int as n from sms_record where status = 'queued' group by company_id) q
    where q.company_id = c.id`.execute(db);
  // Only rows written from now on carry a day (older ones stay outside the keys; the per-number
  // history check covers them).
  await sql`create unique index sms_record_fault_day_uq on sms_record (lift_id, code, mobile, sms_day)
    where status in ('queued','sent') and sms_day is not null`.execute(db);
  await sql`create unique index sms_record_device_slot_uq on sms_record (lift_id, mobile, sms_day, day_slot)
    where status in ('queued','sent') and day_slot is not null`.execute(db);
  await sql`create index sms_record_fault_idx on sms_record (fault_id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists sms_record_fault_idx`.execute(db);
  await sql`drop index if exists sms_record_device_slot_uq`.execute(db);
  await sql`drop index if exists sms_record_fault_day_uq`.execute(db);
  await sql`
    update company c set sms_count = greatest(0, c.sms_count - q.n)
    from (select company_id, count(*)::int as n from sms_record where status = 'queued' group by company_id) q
    where q.company_id = c.id`.execute(db);
  for (const col of ['last_error', 'unknown_outcomes', 'day_slot', 'sms_day']) {
    await sql`alter table sms_record drop column if exists ${sql.ref(col)}`.execute(db);
  }
}
