import { type Kysely, sql } from 'kysely';

/**
 * Organisation: the route part of the resource tree (layer 1 groups and top-level pages, layer 2
 * pages; write URIs are layer 3 and are synced from the registered routes at start), plus the
 * indexes the organisation screens query by.
 */
const ROUTE_SEED: ReadonlyArray<[name: string, label: string, parent?: string]> = [
  ['home_index', 'route.home'],
  ['explain', 'route.explain'],
  ['monitor', 'route.monitor'],
  ['system', 'route.system'],
  ['system_company', 'route.system_company', 'system'],
  ['system_user', 'route.system_user', 'system'],
  ['system_role', 'route.system_role', 'system'],
  ['system_community', 'route.system_community', 'system'],
  ['system_settings', 'route.system_settings', 'system'],
  ['system_pusher_account', 'route.system_pusher_account', 'system'],
  ['system_audit', 'route.system_audit', 'system'],
  ['device', 'route.device'],
  ['device_list', 'route.device_list', 'device'],
  ['device_remove_list', 'route.device_remove_list', 'device'],
  ['device_end_time_list', 'route.device_end_time_list', 'device'],
  ['device_terminal', 'route.device_terminal', 'device'],
  ['device_fault', 'route.device_fault', 'device'],
  ['device_sim', 'route.device_sim', 'device'],
  ['device_monitor', 'route.device_monitor', 'device'],
  ['dev', 'route.dev'],
  ['dev_res', 'route.dev_res', 'dev'],
  ['dev_exception', 'route.dev_exception', 'dev'],
  ['dev_terminal_exception', 'route.dev_terminal_exception', 'dev'],
  ['dev_app_crash_log', 'route.dev_app_crash_log', 'dev'],
  ['control', 'route.control'],
  ['control_owner', 'route.control_owner', 'control'],
  ['control_keys', 'route.control_keys', 'control'],
  ['dtzj', 'route.dtzj'],
  ['dtzj_version', 'route.dtzj_version', 'dtzj'],
  ['dtzj_data', 'route.dtzj_data', 'dtzj'],
  ['dtzj_logs', 'route.dtzj_logs', 'dtzj'],
  ['m_home', 'route.m_home'],
  ['m_monitor', 'route.m_monitor'],
  ['set_pwd_page', 'route.set_pwd_page'],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table resource add column synced boolean not null default false`.execute(db);
  let sort = 0;
  for (const [name, label, parent] of ROUTE_SEED) {
    sort += 10;
    await sql`
      insert into resource (pid, layer, kind, name, label, sort, synced)
      values (${parent ? sql`(select id from resource where name = ${parent})` : null}, ${parent ? 2 : 1}, 'route', ${name}, ${label}, ${sort}, true)
      on conflict (name) do nothing`.execute(db);
  }
  await sql`create index membership_user_idx on membership (user_id)`.execute(db);
  await sql`create index role_company_idx on role (company_id)`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc)`.execute(db);
  await sql`create unique index community_name_uq on community (company_id, name) where deleted_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists community_name_uq`.execute(db);
  await sql`drop index if exists audit_log_at_idx`.execute(db);
  await sql`drop index if exists role_company_idx`.execute(db);
  await sql`drop index if exists membership_user_idx`.execute(db);
  await sql`delete from resource`.execute(db);
  await sql`alter table resource drop column if exists synced`.execute(db);
}
