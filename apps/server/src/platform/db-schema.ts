import type { ColumnType, Generated } from 'kysely';

/** Column types of the database. Migrations under ./migrations are the truth; keep this in step. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type CompanyTable = {
  id: Generated<number>;
  pid: number | null;
  /** '/1/4/9/' — ancestors and self; a subtree is `path LIKE '/1/4/%'` */
  path: string;
  node_type: 'company' | 'department';
  name: string;
  j_region: Json<string[]>;
  j_community_ids: Json<number[]>;
  /** permission keys and URIs this company may hand out (company nodes) */
  j_auth_list: Json<string[]>;
  j_auth_uris: Json<string[]>;
  j_extra_auth: Json<string[]>;
  sms_count: Generated<number>;
  sms_limit: Generated<number>;
  sms_enable: Generated<number>;
  sms_signature: string | null;
  sms_signature_enabled: Generated<number>;
  pay_permission: Generated<boolean>;
  balance: Generated<number>;
  logo: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type RoleTable = {
  id: Generated<number>;
  company_id: number;
  name: string;
  role_type: string;
  j_auth_list: Json<string[]>;
  j_app_auth: Json<string[]>;
  j_expert_auth: Json<string[]>;
  j_extra_auth: Json<string[]>;
  j_auth_uris: Json<string[]>;
  is_private: Generated<boolean>;
  created_at: Timestamp;
};

export type UserTable = {
  id: Generated<number>;
  username: string;
  realname: string;
  mobile: string | null;
  email: string | null;
  password_hash: string;
  job_num: string | null;
  job: string | null;
  head_url: string | null;
  birthday: string | null;
  language: Generated<string>;
  current_company_id: number | null;
  is_root: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type MembershipTable = {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  role_id: number | null;
  j_community_ids: Json<number[]>;
  j_region: Json<string[]>;
  created_at: Timestamp;
};

export type SessionTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  client: string;
  ip: string | null;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  ended_reason: string | null;
  created_at: Timestamp;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: Timestamp;
  user_id: number | null;
  username: string | null;
  company_id: number | null;
  action: string;
  target: string | null;
  result: string;
  ip: string | null;
  detail: Json<Record<string, unknown>> | null;
};

export type VerificationCodeTable = {
  id: Generated<number>;
  channel: string;
  target: string;
  user_id: number | null;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  ip: string | null;
  created_at: Timestamp;
};

export type OutboxTable = {
  id: Generated<number>;
  channel: string;
  target: string;
  subject: string | null;
  body: string;
  kind: string;
  status: Generated<string>;
  company_id: number | null;
  created_at: Timestamp;
};

export type RateCounterTable = {
  key: string;
  window_start: Timestamp;
  count: number;
  blocked_until: Timestamp | null;
};

export type ResourceTable = {
  id: Generated<number>;
  pid: number | null;
  layer: number;
  kind: 'route' | 'uri';
  name: string;
  label: string;
  sort: Generated<number>;
  /** true for entries kept in step with the code (route table, registered write routes) */
  synced: Generated<boolean>;
};

export type ServerExceptionTable = {
  id: Generated<number>;
  at: Timestamp;
  request_id: string | null;
  method: string | null;
  url: string | null;
  message: string;
  stack: string | null;
};

export type CommunityTable = {
  id: Generated<number>;
  company_id: number;
  name: string;
  j_region: Json<string[]>;
  address: Generated<string>;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
};

export type BuildingTable = { id: Generated<number>; community_id: number; name: string; created_at: Timestamp };
export type UnitTable = { id: Generated<number>; building_id: number; name: string; created_at: Timestamp };

export type TerminalTable = {
  id: Generated<number>;
  terminal_id: string;
  type: 'f' | 't' | 'wcr' | 'u' | 'e';
  face_id: string | null;
  version: string | null;
  company_id: number | null;
  mqtt_secret_hash: string | null;
  online: Generated<boolean>;
  last_seen_at: Timestamp | null;
  /** last run state reported (U01), kept by the gateway for the dashboard */
  run_state: string | null;
  created_at: Timestamp;
};

export type AlarmCharger = { name: string; mobile: string };

export type LiftTable = {
  id: Generated<number>;
  company_id: number;
  community_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  name: string;
  code: string;
  variety: Generated<number>;
  model: string | null;
  factory_number: string | null;
  equipment_code: string | null;
  yd_unique_code: string | null;
  register_number: string | null;
  brand: string | null;
  speed: number | null;
  load: number | null;
  j_floors: ColumnType<string[], string | undefined, string>;
  positive_floors: Generated<number>;
  negative_floors: Generated<number>;
  is_through_door: Generated<boolean>;
  manual_door: Generated<boolean>;
  main_lift_id: number | null;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  remark: string | null;
  mt_company_id: number | null;
  j_mt_workers: ColumnType<AlarmCharger[], string | undefined, string>;
  j_responsible: ColumnType<AlarmCharger[], string | undefined, string>;
  ad_company: string | null;
  j_alarm_charger: ColumnType<AlarmCharger[], string | undefined, string>;
  alarm_charger_set_at: Timestamp | null;
  terminal_id: string | null;
  face_terminal_id: string | null;
  m3u8_url: string | null;
  sms_switch: Generated<boolean>;
  sms_limit: Generated<number>;
  imsi: string | null;
  bs_number: string | null;
  insurance_company: string | null;
  insurance_no: string | null;
  insurance_expire: string | null;
  is_virtual: Generated<boolean>;
  expire_at: Timestamp;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type LiftFavouriteTable = { user_id: number; lift_id: number; created_at: Timestamp };

export type SimCardTable = {
  id: Generated<number>;
  company_id: number;
  iccid: string | null;
  imsi: string;
  bs_number: string | null;
  carrier: string;
  state: Generated<string>;
  net_type: string | null;
  open_date: string | null;
  traffic_expire: string | null;
  package: string | null;
  traffic_total_mb: number | null;
  traffic_used_mb: Generated<number>;
  terminal_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type TerminalSettingsTable = {
  company_id: number;
  j_settings: ColumnType<Record<string, unknown>, string, string>;
  updated_by: number | null;
  updated_at: Timestamp;
};

export type ImportJobTable = {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  kind: 'lift' | 'sim';
  file_name: string;
  status: Generated<'running' | 'done' | 'failed'>;
  total: Generated<number>;
  processed: Generated<number>;
  ok_count: Generated<number>;
  fail_count: Generated<number>;
  error_code: number | null;
  j_bound_rows: ColumnType<number[], string | undefined, string>;
  j_errors: ColumnType<Array<{ row: number; code: number; field?: string }>, string | undefined, string>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
};

export type FaultTable = {
  id: Generated<number>;
  lift_id: number;
  company_id: number;
  terminal_id: string;
  code: string;
  state: Generated<'untreated' | 'processed'>;
  floor: number | null;
  floor_display: string | null;
  occurred_at: Timestamp;
  solved_at: Timestamp | null;
  processed_by: number | null;
  processed_at: Timestamp | null;
  note: string | null;
  repeat_count: Generated<number>;
  message_id: string | null;
  /** passengers trapped (U03 trapped) */
  trapped: Generated<boolean>;
  created_at: Timestamp;
  /** set with the enqueue of its SMS alert job (0009); null = the alert sweeper picks it up */
  alert_enqueued_at: Timestamp | null;
};

export type LiftStatusHistoryTable = {
  id: Generated<number>;
  lift_id: number;
  terminal_id: string;
  at: Timestamp;
  floor: number;
  floor_display: string;
  direction: string;
  door: string;
  run_state: string;
  occupied: Generated<boolean>;
};

export type TerminalExceptionTable = {
  id: Generated<number>;
  terminal_id: string | null;
  company_id: number | null;
  topic: string;
  kind: string;
  message: string;
  payload: string | null;
  at: Timestamp;
};

export type MqttMessageSeenTable = { terminal_id: string; mid: string; at: Timestamp };

export type HelpEventTable = {
  id: Generated<number>;
  lift_id: number;
  company_id: number;
  terminal_id: string;
  room_id: string | null;
  floor: number | null;
  occurred_at: Timestamp;
  message_id: string | null;
  created_at: Timestamp;
};

export type LiftStateSettingTable = { company_id: number; j_settings: Json<Record<string, number>>; updated_at: Timestamp };

export type JobTable = {
  id: Generated<number>;
  queue: string;
  payload: Json<Record<string, unknown>>;
  state: Generated<'queued' | 'running' | 'done' | 'dead'>;
  /** higher first among due jobs */
  priority: Generated<number>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_at: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
};

export type FaultSettingTable = {
  company_id: number;
  code: string;
  screen: boolean;
  sms: boolean;
  updated_at: Timestamp;
};

export type SmsRecordTable = {
  id: Generated<number>;
  company_id: number;
  lift_id: number | null;
  fault_id: number | null;
  code: string | null;
  mobile: string;
  body: string;
  signature: Generated<string>;
  status: 'queued' | 'sent' | 'suppressed' | 'failed';
  reason: string | null;
  attempts: Generated<number>;
  provider_id: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  updated_at: Timestamp;
  /** Shanghai calendar day of a fault SMS (unique keys: same fault once a day, device slots) */
  sms_day: string | null;
  /** 1..min(3, lift.sms_limit): the device-and-number slot of the day a queued/sent fault SMS holds */
  day_slot: number | null;
  /** send attempts that timed out (the provider may or may not have accepted them) */
  unknown_outcomes: Generated<number>;
  last_error: string | null;
};

export type TaskTable = {
  id: Generated<number>;
  /** the company that must handle the task (the reviewer) */
  company_id: number;
  topic: string;
  /** what the task is about: for SIGNATURE_APPROVE the requesting company */
  subject_id: number;
  tip: string;
  sender_user_id: number | null;
  sender_company_id: number | null;
  resolved: Generated<number>;
  resolved_by: number | null;
  resolved_at: Timestamp | null;
  created_at: Timestamp;
};

export type PusherAccountTable = {
  id: Generated<number>;
  company_id: number;
  name: string;
  base_url: string;
  account: string;
  secret: string;
  enabled: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type LiftPushParamTable = {
  lift_id: number;
  company_id: number;
  serial_number: string;
  manufacturer_credit_code: string;
  registration_code: string;
  updated_at: Timestamp;
};

export type PushLogTable = {
  id: Generated<number>;
  company_id: number;
  account_id: number;
  lift_id: number;
  kind: 'registration' | 'status' | 'fault';
  payload: Json<Record<string, unknown>>;
  status: Generated<'queued' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  response_status: number | null;
  error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
};

/** A downstream command and its lifecycle (issue 6). */
export type CommandTable = {
  id: string;
  lift_id: number | null;
  terminal_id: string;
  company_id: number;
  action: string;
  j_params: Json<Record<string, unknown>>;
  user_id: number | null;
  username: string | null;
  state: Generated<'queued' | 'sent' | 'delivered' | 'succeeded' | 'failed' | 'timed_out' | 'expired'>;
  reason: string | null;
  progress: number | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  delivered_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp;
};

export type OtaPackageTable = {
  id: Generated<number>;
  company_id: number;
  kind: 'firmware' | 'apk';
  version: string;
  version_number: number;
  file_name: string;
  url: string;
  sha256: string;
  size: ColumnType<string | number, number, number>;
  created_by: number | null;
  created_at: Timestamp;
};

export type TerminalConfigTable = {
  terminal_id: string;
  company_id: number;
  revision: ColumnType<string | number, number, number>;
  state: 'sent' | 'configured';
  cmd_id: string | null;
  sent_at: Timestamp;
  confirmed_at: Timestamp | null;
  resent_at: Timestamp | null;
};

/** Maintenance records (migration 0010); scoped through the lift. */
export type MaintenanceRecordTable = {
  id: Generated<number>;
  lift_id: number;
  unit_company_id: number;
  person: string;
  /** date column, read as text 'YYYY-MM-DD' */
  done_on: string;
  type: 'rescue' | 'alarm' | 'maintenance' | 'repair' | 'inspection' | 'other';
  content: string;
  remark: string | null;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type DB = {
  community: CommunityTable;
  building: BuildingTable;
  unit: UnitTable;
  terminal: TerminalTable;
  lift: LiftTable;
  lift_favourite: LiftFavouriteTable;
  sim_card: SimCardTable;
  terminal_settings: TerminalSettingsTable;
  import_job: ImportJobTable;
  fault: FaultTable;
  company: CompanyTable;
  role: RoleTable;
  app_user: UserTable;
  membership: MembershipTable;
  session: SessionTable;
  audit_log: AuditLogTable;
  verification_code: VerificationCodeTable;
  outbox: OutboxTable;
  rate_counter: RateCounterTable;
  resource: ResourceTable;
  server_exception: ServerExceptionTable;
  lift_status_history: LiftStatusHistoryTable;
  terminal_exception: TerminalExceptionTable;
  mqtt_message_seen: MqttMessageSeenTable;
  help_event: HelpEventTable;
  lift_state_setting: LiftStateSettingTable;
  job: JobTable;
  fault_setting: FaultSettingTable;
  sms_record: SmsRecordTable;
  task: TaskTable;
  pusher_account: PusherAccountTable;
  lift_push_param: LiftPushParamTable;
  push_log: PushLogTable;
  command: CommandTable;
  ota_package: OtaPackageTable;
  terminal_config: TerminalConfigTable;
  maintenance_record: MaintenanceRecordTable;
};
