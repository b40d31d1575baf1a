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
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
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
  created_at: Generated<Timestamp>;
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
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type MembershipTable = {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  role_id: number | null;
  j_community_ids: Json<number[]>;
  j_region: Json<string[]>;
  created_at: Generated<Timestamp>;
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
  created_at: Generated<Timestamp>;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: Generated<Timestamp>;
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
  created_at: Generated<Timestamp>;
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
  created_at: Generated<Timestamp>;
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
};

export type ServerExceptionTable = {
  id: Generated<number>;
  at: Generated<Timestamp>;
  request_id: string | null;
  method: string | null;
  url: string | null;
  message: string;
  stack: string | null;
};

export type DB = {
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
};
