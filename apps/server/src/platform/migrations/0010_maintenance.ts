import { type Kysely, sql } from 'kysely';

/**
 * Maintenance records (SPEC §3 "Maintenance record: unit, person, date, type, content, remark";
 * §4 maintenance types). One row per piece of work on a lift. Tenancy follows the lift:
 * every query joins `lift` and scopes on `lift.company_id`. `unit_company_id` is the
 * maintenance company that did the work (a company in the caller's scope).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table maintenance_record (
      id serial primary key,
      lift_id integer not null references lift(id),
      unit_company_id integer not null references company(id),
      person text not null,
      done_on date not null,
      type text not null check (type in ('rescue','alarm','maintenance','repair','inspection','other')),
      content text not null,
      remark text,
      created_by integer references app_user(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index maintenance_record_lift_idx on maintenance_record (lift_id, id desc)`.execute(db);
  // dashboard counters: this month's records by type
  await sql`create index maintenance_record_month_idx on maintenance_record (done_on, type)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists maintenance_record`.execute(db);
}
