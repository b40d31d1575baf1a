import { z } from 'zod';

/** Keys of the app permission group (mobile app). */
export const APP_AUTH_KEYS = ['app_lift', 'app_monitor', 'app_fault', 'app_owner', 'app_keys', 'app_sos'] as const;
/** Keys of the elevator-expert app (maintenance app). */
export const EXPERT_AUTH_KEYS = ['expert_maintenance', 'expert_rescue', 'expert_inspection', 'expert_parts'] as const;
/** Optional advanced permissions (SPEC.md §6 "other permissions"). */
export const EXTRA_AUTH_KEYS = ['user_export', 'lift_expire_edit', 'signature_review', 'payment'] as const;

/** Role types a company may create; ROOT exists only through the bootstrap. */
export const ASSIGNABLE_ROLE_TYPES = ['ADMIN', 'STAFF', 'PROPERTY_MANAGER', 'OWNER', 'PAYMENT'] as const;

const keyList = z.array(z.string().trim().min(1).max(120)).max(500);

export const ZRole = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  role_type: z.string(),
  j_auth_list: z.array(z.string()),
  j_app_auth: z.array(z.string()),
  j_expert_auth: z.array(z.string()),
  j_extra_auth: z.array(z.string()),
  j_auth_uris: z.array(z.string()),
  is_private: z.boolean(),
  member_count: z.number().int(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleCreateRequest = z.object({
  /** a company node inside the caller's scope; the caller's company when omitted */
  company_id: z.coerce.number().int().positive().optional(),
  name: z.string().trim().min(1).max(60),
  role_type: z.enum(ASSIGNABLE_ROLE_TYPES).default('STAFF'),
  j_auth_list: keyList.default([]),
  j_app_auth: keyList.default([]),
  j_expert_auth: keyList.default([]),
  j_extra_auth: keyList.default([]),
  j_auth_uris: keyList.default([]),
  is_private: z.coerce.boolean().default(false),
});
export type TRoleCreateRequest = z.infer<typeof ZRoleCreateRequest>;

export const ZRoleUpdateRequest = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(60).optional(),
  role_type: z.enum(ASSIGNABLE_ROLE_TYPES).optional(),
  j_auth_list: keyList.optional(),
  j_app_auth: keyList.optional(),
  j_expert_auth: keyList.optional(),
  j_extra_auth: keyList.optional(),
  j_auth_uris: keyList.optional(),
  is_private: z.coerce.boolean().optional(),
});
export type TRoleUpdateRequest = z.infer<typeof ZRoleUpdateRequest>;

export const ZRoleListQuery = z.object({ company_id: z.coerce.number().int().positive().optional() });
