import { z } from 'zod';
import { ZPageQuery } from '../http.ts';

export const SIM_CARRIERS = ['cmcc', 'cucc', 'ctcc', 'other'] as const;
export type TSimCarrier = (typeof SIM_CARRIERS)[number];
/** Stored SIM states (SPEC.md §4). */
export const SIM_STORED_STATES = ['normal', 'arrears', 'stopped', 'expired', 'inactivated', 'cancelled'] as const;
/** Derived states: 'expiring' (traffic expiry within SIM_EXPIRING_DAYS), 'traffic_low' (≥ SIM_TRAFFIC_LOW_RATIO used). */
export const SIM_STATES = [...SIM_STORED_STATES, 'expiring', 'traffic_low'] as const;
export type TSimState = (typeof SIM_STATES)[number];
export const SIM_EXPIRING_DAYS = 30;
export const SIM_TRAFFIC_LOW_RATIO = 0.9;
export const SIM_NET_TYPES = ['2G', '3G', '4G', '5G', 'NB-IoT', 'Cat.1'] as const;

export const IMSI_RE = /^\d{15}$/;
/** BS number: the card's 11–13 digit service number (MSISDN, IoT cards use 13 digits). */
export const BS_RE = /^\d{11,13}$/;

/** Carrier of an IMSI from its MCC+MNC (China, MCC 460); null when not a known Chinese network. */
export function imsiCarrier(imsi: string): TSimCarrier | null {
  if (!imsi.startsWith('460')) return null;
  const mnc = imsi.slice(3, 5);
  if (['00', '02', '04', '07', '08', '13'].includes(mnc)) return 'cmcc';
  if (['01', '06', '09', '10'].includes(mnc)) return 'cucc';
  if (['03', '05', '11', '12'].includes(mnc)) return 'ctcc';
  return null;
}

/** Carrier of a BS number from its leading digits (public number plans and IoT ranges). */
export function bsCarrier(bs: string): TSimCarrier | null {
  const p4 = bs.slice(0, 4);
  const p3 = bs.slice(0, 3);
  if (bs.length === 13) {
    if (['1064', '1440', '1472', '1478'].includes(p4)) return 'cmcc';
    if (['1460', '1066', '1456'].includes(p4)) return 'cucc';
    if (['1410', '1349', '1400'].includes(p4)) return 'ctcc';
    return null;
  }
  if (
    [
      '134',
      '135',
      '136',
      '137',
      '138',
      '139',
      '147',
      '150',
      '151',
      '152',
      '157',
      '158',
      '159',
      '178',
      '182',
      '183',
      '184',
      '187',
      '188',
      '198',
    ].includes(p3)
  )
    return 'cmcc';
  if (['130', '131', '132', '145', '155', '156', '166', '175', '176', '185', '186'].includes(p3)) return 'cucc';
  if (['133', '149', '153', '173', '177', '180', '181', '189', '199'].includes(p3)) return 'ctcc';
  return null;
}

/**
 * The IMSI/BS rule (4095): when both the IMSI and the BS number identify a carrier, it must be
 * the same carrier. Unknown ranges (foreign or private networks) are not judged.
 */
export function imsiMatchesBs(imsi: string, bs: string): boolean {
  const a = imsiCarrier(imsi);
  const b = bsCarrier(bs);
  return a === null || b === null || a === b;
}

const dateText = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/);
export const ZSimForm = z.object({
  imsi: z.string().trim().min(1).max(20),
  iccid: z.string().trim().max(22).nullable().optional(),
  bs_number: z.string().trim().max(20).nullable().optional(),
  carrier: z.enum(SIM_CARRIERS).optional(),
  /** 'normal' when left out on create (no zod default: it would also fill partial updates) */
  state: z.enum(SIM_STORED_STATES).optional(),
  net_type: z.enum(SIM_NET_TYPES).nullable().optional(),
  open_date: dateText.nullable().optional(),
  traffic_expire: dateText.nullable().optional(),
  package: z.string().trim().max(64).nullable().optional(),
  traffic_total_mb: z.coerce.number().int().min(0).nullable().optional(),
  traffic_used_mb: z.coerce.number().int().min(0).optional(),
  terminal_id: z.string().trim().max(40).nullable().optional(),
});
export type TSimForm = z.infer<typeof ZSimForm>;
export const ZSimUpdateRequest = ZSimForm.partial().extend({ id: z.coerce.number().int().positive() });

export const SIM_ORDER_KEYS = ['id', 'imsi', 'open_date', 'traffic_expire', 'created_at'] as const;
export const ZSimListQuery = ZPageQuery.extend({
  carrier: z.enum(SIM_CARRIERS).optional(),
  state: z.enum(SIM_STATES).optional(),
  net_type: z.enum(SIM_NET_TYPES).optional(),
  bound: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

export const ZSim = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  imsi: z.string(),
  iccid: z.string().nullable(),
  bs_number: z.string().nullable(),
  carrier: z.string(),
  state: z.string(),
  /** stored state, or a derived one: 'expiring', 'traffic_low' */
  display_state: z.enum(SIM_STATES),
  net_type: z.string().nullable(),
  open_date: z.string().nullable(),
  traffic_expire: z.string().nullable(),
  package: z.string().nullable(),
  traffic_total_mb: z.number().nullable(),
  traffic_used_mb: z.number(),
  terminal_id: z.string().nullable(),
  created_at: z.string(),
});
export type TSim = z.infer<typeof ZSim>;
