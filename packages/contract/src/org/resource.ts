import { z } from 'zod';

export const ZResource = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  layer: z.number().int(),
  kind: z.enum(['route', 'uri']),
  name: z.string(),
  label: z.string(),
  sort: z.number().int(),
});
export type TResource = z.infer<typeof ZResource>;

export const ZResourceCreateRequest = z.object({
  pid: z.coerce.number().int().positive().nullable().default(null),
  layer: z.coerce.number().int().min(1).max(3),
  kind: z.enum(['route', 'uri']),
  name: z.string().trim().min(1).max(120),
  label: z.string().trim().min(1).max(120),
  sort: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type TResourceCreateRequest = z.infer<typeof ZResourceCreateRequest>;

export const ZResourceUpdateRequest = z.object({
  id: z.coerce.number().int().positive(),
  pid: z.coerce.number().int().positive().nullable().optional(),
  label: z.string().trim().min(1).max(120).optional(),
  sort: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type TResourceUpdateRequest = z.infer<typeof ZResourceUpdateRequest>;
