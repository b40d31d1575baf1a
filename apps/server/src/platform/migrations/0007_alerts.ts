import { type Kysely, sql } from 'kysely';

/**
 * Faults and alerts (issue 7): the durable job queue, per-company fault settings, every SMS
 * (sent or not) with its reason, the task centre, and regulatory-platform push.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table job (
      id bigserial primary key,
      queue text not null,
      payload jsonb not null default '{}'::jsonb,
      state text not null default 'queued' check (state in ('queued','running','done','dead')),
      priority smallint not null default 0,
      attempts integer not null default 0,
      max_attempts integer not null default 25,
      run_at timestamptz not null default now(),
      locked_at timestamptz,
      locked_by text,
      last_error text,
      dedupe_key text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index job_due_idx on job (priority desc, run_at, id) where state = 'queued'`.execute(db);
  await sql`create index job_running_idx on job (locked_at) where state = 'running'`.execute(db);
  await sql`create unique index job_dedupe_uq on job (dedupe_key) where dedupe_key is not null`.execute(db);

  await sql`
    create table fault_setting (
      company_id integer not null references company(id),
      code text not null,
      screen boolean not null,
      sms boolean not null,
      updated_at timestamptz not null default now(),
      primary key (company_id, code)
    )`.execute(db);

  await sql`
    create table sms_record (
      id bigserial primary key,
      company_id integer not null references company(id),
      lift_id integer references lift(id),
      fault_id bigint references fault(id),
      code text,
      mobile text not null,
      body text not null,
      signature text not null default '',
      status text not null check (status in ('queued','sent','suppressed','failed')),
      reason text,
      attempts integer not null default 0,
      provider_id text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sms_record_company_idx on sms_record (company_id, id desc)`.execute(db);
  await sql`create index sms_record_mobile_idx on sms_record (mobile, created_at desc)`.execute(db);
  await sql`create index sms_record_pending_idx on sms_record (company_id) where status = 'queued'`.execute(db);

  await sql`
    create table task (
      id bigserial primary key,
      company_id integer not null references company(id),
      topic text not null,
      subject_id integer not null,
      tip text not null,
      sender_user_id integer references app_user(id),
      sender_company_id integer references company(id),
      resolved smallint not null default 0 check (resolved in (-1,0,1)),
      resolved_by integer references app_user(id),
      resolved_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index task_open_idx on task (company_id, id desc) where resolved = 0`.execute(db);
  await sql`create unique index task_open_subject_uq on task (topic, subject_id) where resolved = 0`.execute(db);

  await sql`
    create table pusher_account (
      id serial primary key,
      company_id integer not null references company(id),
      name text not null,
      base_url text not null,
      account text not null,
      secret text not null,
      enabled boolean not null default true,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index pusher_account_company_idx on pusher_account (company_id) where deleted_at is null`.execute(db);

  await sql`
    create table lift_push_param (
      lift_id integer primary key references lift(id),
      company_id integer not null references company(id),
      serial_number text not null,
      manufacturer_credit_code text not null,
      registration_code text not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table push_log (
      id bigserial primary key,
      company_id integer not null references company(id),
      account_id integer not null references pusher_account(id),
      lift_id integer not null references lift(id),
      kind text not null check (kind in ('registration','status','fault')),
      payload jsonb not null,
      status text not null default 'queued' check (status in ('queued','sent','failed')),
      attempts integer not null default 0,
      response_status integer,
      error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`create index push_log_company_idx on push_log (company_id, id desc)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['push_log', 'lift_push_param', 'pusher_account', 'task', 'sms_record', 'fault_setting', 'job']) {
    await sql`drop table if exists ${sql.table(t)} cascade`.execute(db);
  }
}
