import { z } from 'zod';
import type { Locale } from '../errors.ts';
import { ZPageQuery } from '../http.ts';

/**
 * Maintenance records (SPEC.md §3 "Maintenance record: unit, person, date, type, content, remark").
 * `unit` is the maintenance company that did the work; `date` the day it was done (YYYY-MM-DD).
 */

/** SPEC.md §4 "Maintenance types": rescue of trapped people, alarm handling, maintenance, repair, inspection, other. */
export const MAINTENANCE_TYPES = ['rescue', 'alarm', 'maintenance', 'repair', 'inspection', 'other'] as const;
export type TMaintenanceType = (typeof MAINTENANCE_TYPES)[number];

export const MAINTENANCE_TYPE_NAMES: Readonly<Record<TMaintenanceType, Record<Locale, string>>> = {
  rescue: { 'zh-CN': '困人救援', 'en-US': 'Rescue of trapped people', 'pt-PT': 'Resgate de pessoas presas' },
  alarm: { 'zh-CN': '报警处理', 'en-US': 'Alarm handling', 'pt-PT': 'Tratamento de alarme' },
  maintenance: { 'zh-CN': '维保', 'en-US': 'Maintenance', 'pt-PT': 'Manutenção' },
  repair: { 'zh-CN': '维修', 'en-US': 'Repair', 'pt-PT': 'Reparação' },
  inspection: { 'zh-CN': '检验', 'en-US': 'Inspection', 'pt-PT': 'Inspeção' },
  other: { 'zh-CN': '其他', 'en-US': 'Other', 'pt-PT': 'Outro' },
};
export const maintenanceTypeName = (t: string, locale: Locale): string => MAINTENANCE_TYPE_NAMES[t as TMaintenanceType]?.[locale] ?? t;

export const MAINTENANCE_PERSON_MAX = 32;
export const MAINTENANCE_CONTENT_MAX = 500;
export const MAINTENANCE_REMARK_MAX = 200;
/**
 * A record may be dated at most this many days after the server's (UTC) today: work is recorded
 * when done, and a browser east of UTC may already be on the next day.
 */
export const MAINTENANCE_FUTURE_DAYS = 1;

const id = z.coerce.number().int().positive();
/** Empty text is answered by the service with a catalogued code (4148 / 4144), not by the schema. */
export const ZMaintenanceForm = z.object({
  lift_id: id,
  /** the maintenance company (unit); a company of the caller's scope (4170) */
  unit_company_id: id,
  person: z.string().trim().max(MAINTENANCE_PERSON_MAX),
  /** YYYY-MM-DD; empty → 4144, in the future → 4171 */
  date: z.string().trim().max(10),
  type: z.enum(MAINTENANCE_TYPES),
  content: z.string().trim().max(MAINTENANCE_CONTENT_MAX),
  remark: z.string().trim().max(MAINTENANCE_REMARK_MAX).nullable().optional(),
});
export type TMaintenanceForm = z.infer<typeof ZMaintenanceForm>;

/** Update: any field but the lift (a record stays with its lift). */
export const ZMaintenanceUpdateRequest = ZMaintenanceForm.omit({ lift_id: true }).partial().extend({ id });
export type TMaintenanceUpdateRequest = z.infer<typeof ZMaintenanceUpdateRequest>;

export const MAINTENANCE_ORDER_KEYS = ['id', 'date', 'type'] as const;
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/);
export const ZMaintenanceListQuery = ZPageQuery.extend({
  lift_id: id.optional(),
  type: z.enum(MAINTENANCE_TYPES).optional(),
  /** inclusive range on the record's date */
  date_from: day.optional(),
  date_to: day.optional(),
});
export type TMaintenanceListQuery = z.infer<typeof ZMaintenanceListQuery>;

export const ZMaintenanceRecord = z.object({
  id: z.number().int(),
  lift_id: z.number().int(),
  lift_name: z.string(),
  lift_code: z.string(),
  unit_company_id: z.number().int(),
  unit_name: z.string(),
  person: z.string(),
  date: z.string(),
  type: z.enum(MAINTENANCE_TYPES),
  content: z.string(),
  remark: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TMaintenanceRecord = z.infer<typeof ZMaintenanceRecord>;
