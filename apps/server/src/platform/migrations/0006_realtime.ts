import { type Kysely, sql } from 'kysely';

/**
 * Real-time path (issue 5): status history as changes, terminal exceptions, upstream message
 * dedupe, help calls, lift-state settings per company, and the trapped flag on faults.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table lift_status_history (
      id bigserial primary key,
      lift_id integer not null references lift(id),
      terminal_id text not null,
      at timestamptz not null,
      floor integer not null,
      floor_display text not null,
      direction text not null,
      door text not null,
      run_state text not null,
      occupied boolean not null default false
    )`.execute(db);
  await sql`create index lift_status_history_lift_idx on lift_status_history (lift_id, at desc)`.execute(db);

  await sql`
    create table terminal_exception (
      id bigserial primary key,
      terminal_id text,
      company_id integer references company(id),
      topic text not null,
      kind text not null,
      message text not null,
      payload text,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index terminal_exception_at_idx on terminal_exception (id desc)`.execute(db);
  await sql`create index terminal_exception_company_idx on terminal_exception (company_id, id desc)`.execute(db);

  await sql`
    create table mqtt_message_seen (
      terminal_id text not null,
      mid text not null,
      at timestamptz not null default now(),
      primary key (terminal_id, mid)
    )`.execute(db);
  await sql`create index mqtt_message_seen_at_idx on mqtt_message_seen (at)`.execute(db);

  await sql`
    create table help_event (
      id bigserial primary key,
      lift_id integer not null references lift(id),
      company_id integer not null references company(id),
      terminal_id text not null,
      room_id text,
      floor integer,
      occurred_at timestamptz not null,
      message_id text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index help_event_company_idx on help_event (company_id, occurred_at desc)`.execute(db);

  await sql`
    create table lift_state_setting (
      company_id integer primary key references company(id),
      j_settings jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`alter table fault add column trapped boolean not null default false`.execute(db);
  await sql`alter table terminal add column run_state text`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table terminal drop column if exists run_state`.execute(db);
  await sql`alter table fault drop column if exists trapped`.execute(db);
  for (const t of ['lift_state_setting', 'help_event', 'mqtt_message_seen', 'terminal_exception', 'lift_status_history']) {
    await sql`drop table if exists ${sql.table(t)} cascade`.execute(db);
  }
}
