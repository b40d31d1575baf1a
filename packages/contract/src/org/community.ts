import { z } from 'zod';
import { ZPageQuery } from '../http.ts';

/** Region as the province/city/district picker gives it. */
export const ZRegion = z.array(z.string().trim().min(1).max(60)).max(3);

export const ZCommunity = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  j_region: z.array(z.string()),
  address: z.string(),
  building_count: z.number().int(),
});
export type TCommunity = z.infer<typeof ZCommunity>;

export const ZCommunityCreateRequest = z.object({
  /** a node inside the caller's scope; the caller's company when omitted */
  company_id: z.coerce.number().int().positive().optional(),
  name: z.string().trim().min(1).max(80),
  j_region: ZRegion.default([]),
  address: z.string().trim().max(200).default(''),
});
export type TCommunityCreateRequest = z.infer<typeof ZCommunityCreateRequest>;

export const ZCommunityUpdateRequest = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(80).optional(),
  j_region: ZRegion.optional(),
  address: z.string().trim().max(200).optional(),
});
export type TCommunityUpdateRequest = z.infer<typeof ZCommunityUpdateRequest>;

export const COMMUNITY_ORDER_KEYS = ['id', 'name', 'created_at'] as const;
export const ZCommunityListQuery = ZPageQuery.extend({ company_id: z.coerce.number().int().positive().optional() });

export const BATCH_MAX = 200;
const ZNumberRange = z.object({ start: z.coerce.number().int().min(0).max(9999), end: z.coerce.number().int().min(0).max(9999) });

/** Batch creation: names are prefix + number + suffix for every number of every range (SPEC.md §5). */
const batchFields = {
  ranges: z.array(ZNumberRange).min(1).max(20),
  prefix: z.string().trim().max(20).default(''),
  suffix: z.string().trim().max(20).default(''),
};
export const ZBuildingBatchRequest = z.object({ community_id: z.coerce.number().int().positive(), ...batchFields });
export type TBuildingBatchRequest = z.infer<typeof ZBuildingBatchRequest>;
export const ZUnitBatchRequest = z.object({ building_id: z.coerce.number().int().positive(), ...batchFields });
export type TUnitBatchRequest = z.infer<typeof ZUnitBatchRequest>;

export const ZBuilding = z.object({
  id: z.number().int(),
  community_id: z.number().int(),
  name: z.string(),
  units: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TBuilding = z.infer<typeof ZBuilding>;
export const ZBuildingListQuery = z.object({ community_id: z.coerce.number().int().positive() });
