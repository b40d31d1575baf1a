import { z } from 'zod';
import { ZPageQuery } from '../http.ts';

export const SMS_STATUSES = ['queued', 'sent', 'suppressed', 'failed'] as const;
export type TSmsStatus = (typeof SMS_STATUSES)[number];

/** Why an SMS was not sent (sms_record.reason). */
export const SMS_SUPPRESS_REASONS = [
  'sms_disabled',
  'overseas_not_allowed',
  'invalid_number',
  'company_limit',
  'lift_switch_off',
  'same_fault_today',
  'device_daily_cap',
  'number_minute_limit',
  'number_hour_limit',
  'number_day_limit',
] as const;
export type TSmsSuppressReason = (typeof SMS_SUPPRESS_REASONS)[number];

/**
 * Why a queued SMS is not sent yet, or why it failed (sms_record.reason; the provider's own
 * message is in last_error): `provider_retry` the provider refused or was unreachable, retried
 * with backoff; `provider_unknown_outcome` no answer in time — retried under the same
 * idempotency key; `provider_failed` every attempt failed (its unit of the limit is given back).
 */
export const SMS_DELIVERY_REASONS = ['provider_retry', 'provider_unknown_outcome', 'provider_failed'] as const;
export type TSmsDeliveryReason = (typeof SMS_DELIVERY_REASONS)[number];

export const ZSmsListQuery = ZPageQuery.extend({
  status: z.enum(SMS_STATUSES).optional(),
  lift_id: z.coerce.number().int().positive().optional(),
});

export const ZSmsRecordItem = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  lift_id: z.number().int().nullable(),
  lift_name: z.string().nullable(),
  fault_id: z.number().int().nullable(),
  code: z.string().nullable(),
  mobile: z.string(),
  body: z.string(),
  status: z.enum(SMS_STATUSES),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  /** attempts that timed out: the provider may have accepted one of them (it must honour the idempotency key) */
  unknown_outcomes: z.number().int(),
  last_error: z.string().nullable(),
  provider_id: z.string().nullable(),
  insert_time: z.string(),
  sent_at: z.string().nullable(),
});

export const ZSmsUsage = z.object({
  sms_enable: z.number().int(),
  sms_count: z.number().int(),
  sms_limit: z.number().int(),
  sms_signature: z.string().nullable(),
  /** 0 in review, 1 approved, -1 rejected; null when never requested */
  sms_signature_enabled: z.number().int().nullable(),
  signature_state: z.enum(['none', 'review', 'approved', 'rejected']),
});

/** A company signature: 2–12 letters, digits or CJK characters, no brackets (the brackets are added when sending). */
export const ZSmsSignature = z
  .string()
  .trim()
  .min(2)
  .max(12)
  .regex(/^[\p{L}\p{N} ]+$/u);

/** PUT /api/sms/signature — request (or re-request after a rejection) the company's SMS signature. */
export const ZSignatureRequest = z.object({ sms_signature: ZSmsSignature });
