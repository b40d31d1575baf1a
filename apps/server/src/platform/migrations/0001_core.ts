import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const jsonList = (col: string) => sql.raw(`${col} jsonb not null default '[]'::jsonb`);
  await sql`
    create table company (
      id serial primary key,
      pid integer references company(id),
      path text not null default '',
      node_type text not null check (node_type in ('company','department')),
      name text not null,
      ${jsonList('j_region')}, ${jsonList('j_community_ids')},
      ${jsonList('j_auth_list')}, ${jsonList('j_auth_uris')}, ${jsonList('j_extra_auth')},
      sms_count integer not null default 0,
      sms_limit integer not null default 0,
      sms_enable smallint not null default 1 check (sms_enable in (0,1,2)),
      sms_signature text,
      sms_signature_enabled smallint not null default 0,
      pay_permission boolean not null default false,
      balance numeric(14,2) not null default 0,
      logo text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index company_path_idx on company (path text_pattern_ops)`.execute(db);
  await sql`create index company_pid_idx on company (pid)`.execute(db);

  await sql`
    create table role (
      id serial primary key,
      company_id integer not null references company(id),
      name text not null,
      role_type text not null default 'STAFF',
      ${jsonList('j_auth_list')}, ${jsonList('j_app_auth')}, ${jsonList('j_expert_auth')},
      ${jsonList('j_extra_auth')}, ${jsonList('j_auth_uris')},
      is_private boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table app_user (
      id serial primary key,
      username text not null,
      realname text not null default '',
      mobile text,
      email text,
      password_hash text not null,
      job_num text, job text, head_url text, birthday text,
      language text not null default 'zh-CN',
      current_company_id integer references company(id),
      is_root boolean not null default false,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index app_user_username_uq on app_user (lower(username)) where deleted_at is null`.execute(db);
  await sql`create unique index app_user_mobile_uq on app_user (mobile) where deleted_at is null and mobile is not null`.execute(db);
  await sql`create unique index app_user_email_uq on app_user (lower(email)) where deleted_at is null and email is not null`.execute(db);

  await sql`
    create table membership (
      id serial primary key,
      user_id integer not null references app_user(id),
      company_id integer not null references company(id),
      role_id integer references role(id),
      ${jsonList('j_community_ids')}, ${jsonList('j_region')},
      created_at timestamptz not null default now(),
      unique (user_id, company_id)
    )`.execute(db);
  await sql`create index membership_company_idx on membership (company_id)`.execute(db);

  await sql`
    create table session (
      id serial primary key,
      user_id integer not null references app_user(id),
      token_hash text not null unique,
      client text not null,
      ip text,
      expires_at timestamptz not null,
      ended_at timestamptz,
      ended_reason text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index session_user_idx on session (user_id, client) where ended_at is null`.execute(db);

  await sql`
    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      user_id integer, username text, company_id integer,
      action text not null, target text, result text not null, ip text,
      detail jsonb
    )`.execute(db);
  await sql`create index audit_log_company_idx on audit_log (company_id, id desc)`.execute(db);

  await sql`
    create table verification_code (
      id serial primary key,
      channel text not null, target text not null, user_id integer,
      code_hash text not null, attempts integer not null default 0,
      expires_at timestamptz not null, used_at timestamptz, ip text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index verification_code_target_idx on verification_code (target, created_at desc)`.execute(db);

  await sql`
    create table outbox (
      id bigserial primary key,
      channel text not null, target text not null, subject text, body text not null,
      kind text not null, status text not null default 'written', company_id integer,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table rate_counter (
      key text primary key,
      window_start timestamptz not null,
      count integer not null,
      blocked_until timestamptz
    )`.execute(db);

  await sql`
    create table resource (
      id serial primary key,
      pid integer references resource(id),
      layer smallint not null check (layer between 1 and 3),
      kind text not null check (kind in ('route','uri')),
      name text not null unique,
      label text not null,
      sort integer not null default 0
    )`.execute(db);

  await sql`
    create table server_exception (
      id bigserial primary key,
      at timestamptz not null default now(),
      request_id text, method text, url text, message text not null, stack text
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'server_exception',
    'resource',
    'rate_counter',
    'outbox',
    'verification_code',
    'audit_log',
    'session',
    'membership',
    'app_user',
    'role',
    'company',
  ]) {
    await sql`drop table if exists ${sql.table(t)} cascade`.execute(db);
  }
}
