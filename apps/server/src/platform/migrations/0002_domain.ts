import { type Kysely, sql } from 'kysely';

/**
 * The shared domain tables every later module points at. Modules extend them in their own
 * migrations; the columns here are the contract between organisation, registry, gateway and faults.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table community (
      id serial primary key,
      company_id integer not null references company(id),
      name text not null,
      j_region jsonb not null default '[]'::jsonb,
      address text not null default '',
      deleted_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index community_company_idx on community (company_id)`.execute(db);
  await sql`
    create table building (
      id serial primary key,
      community_id integer not null references community(id),
      name text not null,
      created_at timestamptz not null default now(),
      unique (community_id, name)
    )`.execute(db);
  await sql`
    create table unit (
      id serial primary key,
      building_id integer not null references building(id),
      name text not null,
      created_at timestamptz not null default now(),
      unique (building_id, name)
    )`.execute(db);

  await sql`
    create table terminal (
      id serial primary key,
      terminal_id text not null unique,
      type text not null check (type in ('f','t','wcr','u','e')),
      face_id text,
      version text,
      company_id integer references company(id),
      mqtt_secret_hash text,
      online boolean not null default false,
      last_seen_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index terminal_company_idx on terminal (company_id)`.execute(db);

  await sql`
    create table lift (
      id serial primary key,
      company_id integer not null references company(id),
      community_id integer references community(id),
      building_id integer references building(id),
      unit_id integer references unit(id),
      name text not null,
      code text not null,
      variety smallint not null default 2 check (variety between 1 and 14),
      model text, factory_number text, equipment_code text, yd_unique_code text, register_number text,
      brand text,
      speed numeric(6,2), load integer,
      j_floors jsonb not null default '[]'::jsonb,
      positive_floors integer not null default 0,
      negative_floors integer not null default 0,
      is_through_door boolean not null default false,
      manual_door boolean not null default false,
      main_lift_id integer references lift(id),
      latitude double precision, longitude double precision,
      address text, remark text,
      mt_company_id integer references company(id),
      j_mt_workers jsonb not null default '[]'::jsonb,
      j_responsible jsonb not null default '[]'::jsonb,
      ad_company text,
      j_alarm_charger jsonb not null default '[]'::jsonb,
      alarm_charger_set_at timestamptz,
      terminal_id text,
      face_terminal_id text,
      m3u8_url text,
      sms_switch boolean not null default true,
      sms_limit integer not null default 3,
      imsi text, bs_number text,
      insurance_company text, insurance_no text, insurance_expire date,
      is_virtual boolean not null default false,
      expire_at timestamptz not null,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index lift_code_uq on lift (code) where deleted_at is null`.execute(db);
  await sql`create unique index lift_terminal_uq on lift (terminal_id) where deleted_at is null and terminal_id is not null`.execute(db);
  await sql`create unique index lift_face_terminal_uq on lift (face_terminal_id) where deleted_at is null and face_terminal_id is not null`.execute(
    db,
  );
  await sql`create index lift_company_idx on lift (company_id, id desc)`.execute(db);
  await sql`create index lift_community_idx on lift (community_id)`.execute(db);

  await sql`
    create table lift_favourite (
      user_id integer not null references app_user(id),
      lift_id integer not null references lift(id),
      created_at timestamptz not null default now(),
      primary key (user_id, lift_id)
    )`.execute(db);

  await sql`
    create table sim_card (
      id serial primary key,
      company_id integer not null references company(id),
      iccid text,
      imsi text not null,
      bs_number text,
      carrier text not null,
      state text not null default 'normal',
      net_type text,
      open_date date,
      traffic_expire date,
      package text,
      traffic_total_mb integer,
      traffic_used_mb integer not null default 0,
      terminal_id text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index sim_imsi_uq on sim_card (imsi)`.execute(db);
  await sql`create unique index sim_bs_uq on sim_card (bs_number) where bs_number is not null`.execute(db);

  await sql`
    create table fault (
      id bigserial primary key,
      lift_id integer not null references lift(id),
      company_id integer not null references company(id),
      terminal_id text not null,
      code text not null,
      state text not null default 'untreated' check (state in ('untreated','processed')),
      floor integer, floor_display text,
      occurred_at timestamptz not null,
      solved_at timestamptz,
      processed_by integer references app_user(id),
      processed_at timestamptz,
      note text,
      repeat_count integer not null default 1,
      message_id text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index fault_company_idx on fault (company_id, id desc)`.execute(db);
  await sql`create unique index fault_open_uq on fault (lift_id, code) where solved_at is null and state = 'untreated'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['fault', 'sim_card', 'lift_favourite', 'lift', 'terminal', 'unit', 'building', 'community']) {
    await sql`drop table if exists ${sql.table(t)} cascade`.execute(db);
  }
}
