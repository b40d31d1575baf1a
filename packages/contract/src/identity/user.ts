import { z } from 'zod';
import { LOCALES } from '../errors.ts';

export const ROLE_TYPES = ['ROOT', 'ADMIN', 'STAFF', 'OWNER', 'PROPERTY_MANAGER', 'PAYMENT'] as const;
export const ZRoleType = z.enum(ROLE_TYPES);
export type TRoleType = z.infer<typeof ZRoleType>;

/** One membership of the user: a company or department entry (SPEC.md §3 "Depart entry"). */
export const ZDepartEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  node_type: z.enum(['company', 'department']),
  role_id: z.number().int().nullable(),
  role_type: z.string(),
  j_auth_list: z.array(z.string()),
  j_auth_uris: z.array(z.string()),
  j_community_ids: z.array(z.number().int()),
  j_region: z.array(z.string()),
});
export type TDepartEntry = z.infer<typeof ZDepartEntry>;

export const ZCompanyEntry = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  name: z.string(),
  j_community_ids: z.array(z.number().int()),
  j_company_chain: z.array(z.number().int()),
  j_region: z.array(z.string()),
  role_auth: z.array(z.string()),
  j_extra_auth: z.array(z.string()),
  role_type: z.string(),
  current_logo: z.string().nullable(),
});
export type TCompanyEntry = z.infer<typeof ZCompanyEntry>;

/** The user object of SPEC.md §3, as /login and /getuser answer it. */
export const ZUser = z.object({
  id: z.number().int(),
  realname: z.string(),
  username: z.string(),
  head_url: z.string().nullable(),
  job_num: z.string().nullable(),
  job: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  birthday: z.string().nullable(),
  language: z.enum(LOCALES),
  token: z.string().optional(),
  token_end_time: z.string().optional(),
  role: z.string().nullable(),
  current_company: z.number().int().nullable(),
  current_logo: z.string().nullable(),
  company: ZCompanyEntry.nullable(),
  companies: z.array(z.object({ id: z.number().int(), name: z.string(), company_id: z.number().int() })),
  departs: z.array(ZDepartEntry),
  communitys: z.array(z.object({ id: z.number().int(), name: z.string() })),
  j_depart_ids: z.array(z.number().int()),
  isROOT: z.boolean(),
  auth_list: z.array(z.string()),
});
export type TUser = z.infer<typeof ZUser>;

export const CLIENT_KINDS = ['web', 'mobile', 'app'] as const;

export const ZLoginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  client: z.enum(CLIENT_KINDS).default('web'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZUpdatePasswordRequest = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().min(1).max(128),
});

export const ZSetCompanyRequest = z.object({ id: z.coerce.number().int().positive() });
export const ZChangeLangQuery = z.object({ language: z.enum(LOCALES) });
export const ZGetUserQuery = z.object({ refresh: z.coerce.number().int().min(0).max(1).default(0) });

export const CODE_CHANNELS = ['sms', 'email'] as const;
export const ZSendCodeRequest = z.object({
  channel: z.enum(CODE_CHANNELS),
  target: z.string().trim().min(1).max(128),
});
export const ZResetPasswordRequest = z.object({
  channel: z.enum(CODE_CHANNELS),
  target: z.string().trim().min(1).max(128),
  /** missing or empty → 4103 */
  code: z.string().trim().max(12).optional(),
  newPassword: z.string().min(1).max(128),
});

/** Seconds between two code sends to one target, and how long a code stays valid (SPEC.md §9). */
export const CODE_RESEND_SECONDS = 60;
export const CODE_TTL_SECONDS = 600;

export const ZSendCodeResult = z.object({
  /** always true: the answer does not tell whether an account uses the target */
  sent: z.literal(true),
  resend_after_s: z.number().int(),
  expires_in_s: z.number().int(),
});

/**
 * `detail` of a 413 answer at sign-in: a short-lived, single-use ticket that only changes the
 * password (POST /user/renewpwd), for a user whose stored password no longer meets the rules.
 */
export const ZWeakPasswordDetail = z.object({ ticket: z.string(), ticket_end_time: z.string() });
export type TWeakPasswordDetail = z.infer<typeof ZWeakPasswordDetail>;

export const ZRenewPasswordRequest = z.object({
  ticket: z.string().trim().min(1).max(128),
  newPassword: z.string().min(1).max(128),
});

export const ZChangeLangResult = z.object({
  language: z.enum(LOCALES),
  /** false when called without a session: the choice then lives only in the browser */
  stored: z.boolean(),
});

export const ZFlushCacheResult = z.object({
  sessions: z.number().int(),
  codes: z.number().int(),
  counters: z.number().int(),
});

/**
 * Writes every signed-in user may make on their own account, whatever their role's URIs: the
 * server lets them past the permission-URI guard, and the web's write guard should too.
 */
export const SELF_SERVICE_URIS = ['/user/setcompany', '/user/updatepwd', '/user/renewpwd'] as const;
