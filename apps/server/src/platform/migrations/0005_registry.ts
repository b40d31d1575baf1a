import { type Kysely, sql } from 'kysely';

/**
 * Registry (issue 4): terminal default settings per company, import jobs with their progress
 * and per-row report, and the indexes the lift list, expired list and map read through.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table terminal_settings (
      company_id integer primary key references company(id),
      j_settings jsonb not null,
      updated_by integer references app_user(id),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table import_job (
      id serial primary key,
      company_id integer not null references company(id),
      user_id integer not null references app_user(id),
      kind text not null check (kind in ('lift','sim')),
      file_name text not null,
      status text not null default 'running' check (status in ('running','done','failed')),
      total integer not null default 0,
      processed integer not null default 0,
      ok_count integer not null default 0,
      fail_count integer not null default 0,
      error_code integer,
      j_bound_rows jsonb not null default '[]'::jsonb,
      j_errors jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index import_job_company_idx on import_job (company_id, id desc)`.execute(db);

  await sql`alter table sim_card add column updated_at timestamptz not null default now()`.execute(db);
  await sql`create index sim_card_company_idx on sim_card (company_id, id desc)`.execute(db);
  // live lifts of a scope: lets the list's count(*) run as an index-only scan
  await sql`create index lift_live_company_idx on lift (company_id, id desc) where deleted_at is null`.execute(db);
  // sorting the list by name (orderKey=name) without sorting the whole scope
  await sql`create index lift_name_idx on lift (name, id) where deleted_at is null`.execute(db);
  await sql`create index lift_expire_idx on lift (company_id, expire_at) where deleted_at is null`.execute(db);
  await sql`create index lift_main_idx on lift (main_lift_id) where main_lift_id is not null`.execute(db);
  await sql`create index lift_deleted_idx on lift (company_id, deleted_at) where deleted_at is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists lift_deleted_idx`.execute(db);
  await sql`drop index if exists lift_main_idx`.execute(db);
  await sql`drop index if exists lift_expire_idx`.execute(db);
  await sql`drop index if exists lift_live_company_idx`.execute(db);
  await sql`drop index if exists lift_name_idx`.execute(db);
  await sql`drop index if exists sim_card_company_idx`.execute(db);
  await sql`alter table sim_card drop column if exists updated_at`.execute(db);
  await sql`drop table if exists import_job`.execute(db);
  await sql`drop table if exists terminal_settings`.execute(db);
}
