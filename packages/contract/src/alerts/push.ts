import { z } from 'zod';
import { ZPageQuery } from '../http.ts';

const httpUrl = z
  .string()
  .trim()
  .max(300)
  .regex(/^https?:\/\/[^\s]+$/);

/** A regulatory platform the company pushes lift data to (/system/pusher_account). */
export const ZPusherAccountInput = z.object({
  name: z.string().trim().min(1).max(64),
  base_url: httpUrl,
  account: z.string().trim().min(1).max(128),
  secret: z.string().min(1).max(128),
  enabled: z.coerce.boolean().default(true),
});
export const ZPusherAccountUpdate = ZPusherAccountInput.extend({ id: z.coerce.number().int().positive() });

export const ZPusherAccountItem = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  base_url: z.string(),
  account: z.string(),
  /** the secret is never returned; this says whether one is set */
  has_secret: z.boolean(),
  enabled: z.boolean(),
  insert_time: z.string(),
});

/** Per-lift push parameters: all three must be filled (SPEC.md §5 Push parameters). */
export const ZLiftPushParams = z.object({
  lift_id: z.coerce.number().int().positive(),
  serial_number: z.string().trim().max(64).default(''),
  manufacturer_credit_code: z.string().trim().max(64).default(''),
  registration_code: z.string().trim().max(64).default(''),
});

export const PUSH_KINDS = ['registration', 'status', 'fault'] as const;
export const ZPushRequest = z.object({
  lift_id: z.coerce.number().int().positive(),
  kinds: z.array(z.enum(PUSH_KINDS)).min(1).default(['registration', 'status']),
});

export const ZPushLogQuery = ZPageQuery.extend({
  lift_id: z.coerce.number().int().positive().optional(),
  account_id: z.coerce.number().int().positive().optional(),
  status: z.enum(['queued', 'sent', 'failed']).optional(),
});

export const ZPushLogItem = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_name: z.string(),
  lift_id: z.number().int(),
  lift_name: z.string(),
  kind: z.enum(PUSH_KINDS),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  insert_time: z.string(),
  sent_at: z.string().nullable(),
});
