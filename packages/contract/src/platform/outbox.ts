import { z } from 'zod';
import { ZPageQuery } from '../http.ts';

export const ZOutboxQuery = ZPageQuery.extend({
  channel: z.enum(['sms', 'email']).optional(),
  target: z.string().trim().max(128).optional(),
});

export const ZOutboxEntry = z.object({
  id: z.number().int(),
  channel: z.string(),
  target: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  kind: z.string(),
  status: z.string(),
  company_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TOutboxEntry = z.infer<typeof ZOutboxEntry>;
