import { z } from 'zod';
import { ZPageQuery } from '../http.ts';

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  company_id: z.number().int().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  result: z.string(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const AUDIT_ORDER_KEYS = ['id', 'at'] as const;
export const ZAuditListQuery = ZPageQuery.extend({
  action: z.string().trim().max(80).optional(),
  result: z.string().trim().max(20).optional(),
  user_id: z.coerce.number().int().positive().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TAuditListQuery = z.infer<typeof ZAuditListQuery>;
