import { z } from 'zod';
import { ZPageQuery } from '../http.ts';

export const ZMembership = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  node_type: z.enum(['company', 'department']),
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  role_type: z.string().nullable(),
  j_community_ids: z.array(z.number().int()),
  j_region: z.array(z.string()),
});
export type TMembership = z.infer<typeof ZMembership>;

/** A user as the user-management screen lists it: only memberships inside the caller's scope. */
export const ZUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  job_num: z.string().nullable(),
  job: z.string().nullable(),
  created_at: z.string(),
  deleted: z.boolean(),
  memberships: z.array(ZMembership),
});
export type TUserRow = z.infer<typeof ZUserRow>;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZMembershipInput = z.object({
  company_id: z.coerce.number().int().positive(),
  role_id: z.coerce.number().int().positive().nullable().default(null),
  j_community_ids: z.array(z.coerce.number().int().positive()).max(5000).default([]),
  j_region: z.array(text(60)).max(3).default([]),
});
export type TMembershipInput = z.infer<typeof ZMembershipInput>;

/** Field formats (phone, email, username, password) are checked by the service so each answers its own code. */
export const ZUserCreateRequest = z.object({
  username: text(64),
  realname: text(60).default(''),
  mobile: optionalText(20),
  email: optionalText(128),
  password: z.string().max(128),
  job_num: optionalText(40),
  job: optionalText(60),
  membership: ZMembershipInput,
});
export type TUserCreateRequest = z.infer<typeof ZUserCreateRequest>;

export const ZUserUpdateRequest = z.object({
  id: z.coerce.number().int().positive(),
  username: text(64).optional(),
  realname: text(60).optional(),
  mobile: optionalText(20).optional(),
  email: optionalText(128).optional(),
  password: z.string().max(128).optional(),
  job_num: optionalText(40).optional(),
  job: optionalText(60).optional(),
});
export type TUserUpdateRequest = z.infer<typeof ZUserUpdateRequest>;

export const ZMembershipSaveRequest = ZMembershipInput.extend({ user_id: z.coerce.number().int().positive() });
export type TMembershipSaveRequest = z.infer<typeof ZMembershipSaveRequest>;
export const ZMembershipDeleteRequest = z.object({
  user_id: z.coerce.number().int().positive(),
  company_id: z.coerce.number().int().positive(),
});

export const USER_ORDER_KEYS = ['id', 'username', 'realname', 'created_at'] as const;
export const ZUserListQuery = ZPageQuery.extend({ company_id: z.coerce.number().int().positive().optional() });
export type TUserListQuery = z.infer<typeof ZUserListQuery>;
