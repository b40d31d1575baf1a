import { z } from 'zod';
import { ZPageQuery } from '../http.ts';

export const FAULT_STATES = ['untreated', 'processed'] as const;
const ymdOrIso = z.string().refine((s) => !Number.isNaN(Date.parse(s)), { message: 'date expected' });

/** GET /api/fault/list — the /device/fault screen. Dates are inclusive; the range must lie within the latest three years. */
export const ZFaultListQuery = ZPageQuery.extend({
  start: ymdOrIso.optional(),
  end: ymdOrIso.optional(),
  lift_id: z.coerce.number().int().positive().optional(),
  community_id: z.coerce.number().int().positive().optional(),
  code: z
    .string()
    .regex(/^[A-Z0-9_]{1,16}$/)
    .optional(),
  state: z.enum(FAULT_STATES).optional(),
});
export type TFaultListQuery = z.infer<typeof ZFaultListQuery>;

export const ZFaultItem = z.object({
  id: z.number().int(),
  lift_id: z.number().int(),
  lift_name: z.string(),
  lift_code: z.string(),
  community_id: z.number().int().nullable(),
  community_name: z.string().nullable(),
  /** community, building and unit names */
  location: z.string(),
  terminal_id: z.string(),
  code: z.string(),
  fault_no: z.string(),
  fault_name: z.string(),
  fault_meaning: z.string(),
  state: z.enum(FAULT_STATES),
  trapped: z.boolean(),
  floor: z.number().int().nullable(),
  floor_display: z.string().nullable(),
  repeat_count: z.number().int(),
  insert_time: z.string(),
  solved_at: z.string().nullable(),
  processed_at: z.string().nullable(),
  processed_by_name: z.string().nullable(),
  note: z.string().nullable(),
});
export type TFaultItem = z.infer<typeof ZFaultItem>;

/** PUT /api/fault/process */
export const ZFaultProcessRequest = z.object({
  id: z.coerce.number().int().positive(),
  note: z.string().trim().max(500).default(''),
});

/** GET /api/fault/tiringlist — trapped-persons modal. */
export const ZTiringItem = z.object({
  id: z.number().int(),
  name: z.string(),
  device_name: z.string(),
  model: z.string().nullable(),
  fault_no: z.string(),
  fault_name: z.string(),
  occur_time: z.string(),
  j_alarm_charger: z.array(z.object({ name: z.string(), mobile: z.string() })),
});

export const ZFaultCount = z.object({ count: z.number().int(), tiringCount: z.number().int() });

export const ZFaultCodeItem = z.object({
  code: z.string(),
  fault_no: z.string(),
  category: z.string(),
  applies: z.string(),
  name: z.string(),
  meaning: z.string(),
});

/** Fault settings of the current company: which codes alert on screen and by SMS. */
export const ZFaultSettingItem = ZFaultCodeItem.extend({ screen: z.boolean(), sms: z.boolean(), custom: z.boolean() });
export const ZFaultSettingsUpdate = z.object({
  list: z
    .array(
      z.object({
        code: z.string().regex(/^[A-Z0-9_]{1,16}$/),
        screen: z.coerce.boolean(),
        sms: z.coerce.boolean(),
      }),
    )
    .min(1)
    .max(200),
});
export type TFaultSettingsUpdate = z.infer<typeof ZFaultSettingsUpdate>;
