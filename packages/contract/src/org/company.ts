import { z } from 'zod';

export const NODE_TYPES = ['company', 'department'] as const;
export const ZNodeType = z.enum(NODE_TYPES);

/** SMS policy of a company: 0 off, 1 domestic only (default), 2 domestic and overseas. */
export const ZSmsEnable = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Where an uploaded logo lives; anything else is refused so a client cannot point at foreign files. */
export const LOGO_URL_RE = /^\/f\/logos\/[a-f0-9]{32}\.(png|jpg|webp)$/;

const keyList = z.array(z.string().trim().min(1).max(120)).max(500);
const idList = z.array(z.coerce.number().int().positive()).max(5000);
const region = z.array(z.string().trim().max(60)).max(3);

/** One node of the company tree (company or department). */
export const ZCompanyNode = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  path: z.string(),
  node_type: ZNodeType,
  name: z.string(),
  j_region: z.array(z.string()),
  j_community_ids: z.array(z.number().int()),
  j_company_chain: z.array(z.number().int()),
  j_auth_list: z.array(z.string()),
  j_auth_uris: z.array(z.string()),
  j_extra_auth: z.array(z.string()),
  sms_count: z.number().int(),
  sms_limit: z.number().int(),
  sms_enable: z.number().int(),
  pay_permission: z.boolean(),
  logo: z.string().nullable(),
});
export type TCompanyNode = z.infer<typeof ZCompanyNode>;

const companyFields = {
  name: z.string().trim().min(1).max(80),
  j_region: region,
  j_community_ids: idList,
  j_auth_list: keyList,
  j_auth_uris: keyList,
  j_extra_auth: keyList,
  sms_limit: z.coerce.number().int().min(0).max(10_000_000),
  sms_enable: z.coerce.number().pipe(ZSmsEnable),
  pay_permission: z.coerce.boolean(),
  logo: z.string().regex(LOGO_URL_RE).nullable(),
};

/** Create a company or department under `pid` (a node inside the caller's scope). */
export const ZCompanyCreateRequest = z.object({
  pid: z.coerce.number().int().positive(),
  node_type: ZNodeType.default('company'),
  name: companyFields.name,
  j_region: companyFields.j_region.default([]),
  j_community_ids: companyFields.j_community_ids.default([]),
  j_auth_list: companyFields.j_auth_list.default([]),
  j_auth_uris: companyFields.j_auth_uris.default([]),
  j_extra_auth: companyFields.j_extra_auth.default([]),
  sms_limit: companyFields.sms_limit.default(0),
  sms_enable: companyFields.sms_enable.default(1),
  pay_permission: companyFields.pay_permission.default(false),
  logo: companyFields.logo.optional(),
});
export type TCompanyCreateRequest = z.infer<typeof ZCompanyCreateRequest>;

export const ZCompanyUpdateRequest = z.object({
  id: z.coerce.number().int().positive(),
  name: companyFields.name.optional(),
  j_region: companyFields.j_region.optional(),
  j_community_ids: companyFields.j_community_ids.optional(),
  j_auth_list: companyFields.j_auth_list.optional(),
  j_auth_uris: companyFields.j_auth_uris.optional(),
  j_extra_auth: companyFields.j_extra_auth.optional(),
  sms_limit: companyFields.sms_limit.optional(),
  sms_enable: companyFields.sms_enable.optional(),
  pay_permission: companyFields.pay_permission.optional(),
  logo: companyFields.logo.optional(),
});
export type TCompanyUpdateRequest = z.infer<typeof ZCompanyUpdateRequest>;

export const ZCompanyMoveRequest = z.object({ id: z.coerce.number().int().positive(), pid: z.coerce.number().int().positive() });
export type TCompanyMoveRequest = z.infer<typeof ZCompanyMoveRequest>;

/** A tree entry without the permission lists (those come with GET /company/detail), so large trees stay light. */
export const ZCompanyTreeNode = ZCompanyNode.omit({ j_auth_list: true, j_auth_uris: true, j_extra_auth: true });
export type TCompanyTreeNode = z.infer<typeof ZCompanyTreeNode>;
export const ZCompanyTree = z.object({ list: z.array(ZCompanyTreeNode) });

/** Multipart fields of POST /portal/upload_logo besides the file. */
export const ZUploadLogoFields = z.object({ cid: z.coerce.number().int().positive() });
export const LOGO_MAX_BYTES = 512 * 1024;
/** SPEC.md §9: about 207×40 — accepted when the aspect ratio is 3.5–7 and the width 100–828 px. */
export const LOGO_RULES = { minWidth: 100, maxWidth: 828, minRatio: 3.5, maxRatio: 7 } as const;
