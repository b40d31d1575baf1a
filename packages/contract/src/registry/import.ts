import { z } from 'zod';

/** Lift import template columns, in order (SPEC.md §3 "Lift import template columns"). */
export const LIFT_IMPORT_COLUMNS = [
  'name',
  'code',
  'model',
  'terminal_id',
  'equipment_code',
  'yd_unique_code',
  'community_id',
  'j_floors',
  'brand',
  'j_alarm_charger',
  'is_through_door',
  'mt_company_id',
  'j_mt_workers',
  'speed',
  'load',
  'address',
  'remark',
] as const;
export type TLiftImportColumn = (typeof LIFT_IMPORT_COLUMNS)[number];

/** SIM import columns. */
export const SIM_IMPORT_COLUMNS = [
  'imsi',
  'iccid',
  'bs_number',
  'carrier',
  'state',
  'net_type',
  'open_date',
  'traffic_expire',
  'package',
  'traffic_total_mb',
  'traffic_used_mb',
] as const;

/** Accepted import file types (SPEC.md §5 "Import"). */
export const IMPORT_EXTENSIONS = ['csv', 'xlsx', 'xls'] as const;
export const IMPORT_MAX_ROWS = 50_000;

export const ZImportRowError = z.object({ row: z.number().int(), code: z.number().int(), msg: z.string(), field: z.string().optional() });
export type TImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  file_name: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  ok_count: z.number().int(),
  fail_count: z.number().int(),
  /** 0–100 */
  percent: z.number().int(),
  /** set when the file as a whole was refused (4048) or had terminals already bound (4050) */
  code: z.number().int().nullable(),
  msg: z.string().nullable(),
  bound_rows: z.array(z.number().int()),
  errors: z.array(ZImportRowError),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TImportJob = z.infer<typeof ZImportJob>;
