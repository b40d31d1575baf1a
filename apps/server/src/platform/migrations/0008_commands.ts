import { type Kysely, sql } from 'kysely';

/**
 * Remote control and over-the-air (issue 6): every downstream command with its lifecycle,
 * uploaded update packages, and the settings state of each terminal.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table command (
      id uuid primary key,
      lift_id integer references lift(id),
      terminal_id text not null,
      company_id integer not null references company(id),
      action text not null,
      j_params jsonb not null default '{}'::jsonb,
      user_id integer references app_user(id),
      username text,
      state text not null default 'queued'
        check (state in ('queued','sent','delivered','succeeded','failed','timed_out','expired')),
      reason text,
      progress smallint,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      delivered_at timestamptz,
      finished_at timestamptz,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index command_lift_idx on command (lift_id, created_at desc)`.execute(db);
  await sql`create index command_terminal_idx on command (terminal_id, created_at desc)`.execute(db);
  await sql`create index command_open_idx on command (expires_at) where state in ('queued','sent','delivered')`.execute(db);

  await sql`
    create table ota_package (
      id serial primary key,
      company_id integer not null references company(id),
      kind text not null check (kind in ('firmware','apk')),
      version text not null,
      version_number integer not null,
      file_name text not null,
      url text not null,
      sha256 text not null,
      size bigint not null check (size > 0),
      created_by integer references app_user(id),
      created_at timestamptz not null default now(),
      unique (company_id, kind, version)
    )`.execute(db);

  await sql`
    create table terminal_config (
      terminal_id text primary key,
      company_id integer not null references company(id),
      revision bigint not null,
      state text not null check (state in ('sent','configured')),
      cmd_id uuid,
      sent_at timestamptz not null default now(),
      confirmed_at timestamptz,
      resent_at timestamptz
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists terminal_config`.execute(db);
  await sql`drop table if exists ota_package`.execute(db);
  await sql`drop table if exists command`.execute(db);
}
