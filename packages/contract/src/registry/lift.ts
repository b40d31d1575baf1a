import { z } from 'zod';
import type { Locale } from '../errors.ts';
import { ZPageQuery } from '../http.ts';

/** Lift varieties 1–14 (SPEC.md §3 "type"), with their names in the three languages. */
export const LIFT_VARIETIES: Readonly<Record<number, Record<Locale, string>>> = {
  1: { 'zh-CN': '载货电梯', 'en-US': 'Cargo lift', 'pt-PT': 'Elevador de carga' },
  2: { 'zh-CN': '曳引式乘客电梯', 'en-US': 'Traction (passenger) lift', 'pt-PT': 'Elevador de passageiros de tração' },
  3: { 'zh-CN': '强制驱动电梯', 'en-US': 'Forced-drive lift', 'pt-PT': 'Elevador de acionamento forçado' },
  4: { 'zh-CN': '无机房电梯', 'en-US': 'Machine-roomless lift', 'pt-PT': 'Elevador sem casa de máquinas' },
  5: { 'zh-CN': '汽车电梯', 'en-US': 'Car lift', 'pt-PT': 'Elevador de automóveis' },
  6: { 'zh-CN': '防爆电梯', 'en-US': 'Explosion-proof lift', 'pt-PT': 'Elevador à prova de explosão' },
  7: { 'zh-CN': '液压乘客电梯', 'en-US': 'Hydraulic passenger lift', 'pt-PT': 'Elevador hidráulico de passageiros' },
  8: { 'zh-CN': '液压载货电梯', 'en-US': 'Hydraulic cargo lift', 'pt-PT': 'Elevador hidráulico de carga' },
  9: { 'zh-CN': '病床电梯', 'en-US': 'Bed (hospital) lift', 'pt-PT': 'Elevador de macas' },
  10: { 'zh-CN': '观光电梯', 'en-US': 'Panoramic lift', 'pt-PT': 'Elevador panorâmico' },
  11: { 'zh-CN': '别墅电梯', 'en-US': 'Home lift', 'pt-PT': 'Elevador residencial' },
  12: { 'zh-CN': '杂物电梯', 'en-US': 'Small goods lift (dumbwaiter)', 'pt-PT': 'Monta-cargas' },
  13: { 'zh-CN': '自动扶梯', 'en-US': 'Escalator', 'pt-PT': 'Escada rolante' },
  14: { 'zh-CN': '自动人行道', 'en-US': 'Moving walkway', 'pt-PT': 'Tapete rolante' },
};
export const LIFT_VARIETY_IDS = Object.keys(LIFT_VARIETIES).map(Number);
export const varietyName = (v: number, locale: Locale): string => LIFT_VARIETIES[v]?.[locale] ?? String(v);

/** SPEC.md §5 / §9 limits. */
export const FLOORS_MIN = 1;
export const FLOORS_MAX = 64;
export const THROUGH_DOOR_FLOORS_MAX = 32;
export const ALARM_PERSONS_MAX = 2;
/** Alarm-person settings made on or after this day hold at most ALARM_PERSONS_MAX people. */
export const ALARM_PERSONS_RULE_FROM = '2025-06-23';
export const DEFAULT_EXPIRY_MONTHS = 12;
/** Permission URI that lets a user set a lift's monitor expiry (checked in the lift service). */
/** The extra advanced permission (org EXTRA_AUTH_KEYS) that lets a user set a lift's monitor expiry. */
export const SET_EXPIRE_KEY = 'lift_expire_edit';

export const ZPerson = z.object({ name: z.string().trim().max(32), mobile: z.string().trim().max(20) });
export type TPerson = z.infer<typeof ZPerson>;

const text = (max: number) => z.string().trim().max(max).nullable().optional();
const id = z.coerce.number().int().positive();

/** Create/update body of a lift: the full field set of SPEC.md §3 "Lift (from labels)". Ranges are checked by the service (catalogued codes). */
export const ZLiftForm = z.object({
  name: z.string().trim().min(1).max(64),
  code: z.string().trim().min(1).max(64),
  /** 1–14; 2 (traction passenger) when left out on create. No zod default: it would also fill partial updates. */
  variety: z.coerce.number().int().min(1).max(14).optional(),
  model: text(64),
  factory_number: text(64),
  equipment_code: text(64),
  yd_unique_code: text(64),
  register_number: text(64),
  brand: text(64),
  speed: z.coerce.number().min(0).max(20).nullable().optional(),
  load: z.coerce.number().int().min(0).max(100_000).nullable().optional(),
  positive_floors: z.coerce.number().int().optional(),
  negative_floors: z.coerce.number().int().optional(),
  /** floor labels; every entry must be a number (4049) */
  j_floors: z
    .array(z.union([z.string(), z.number()]).transform(String))
    .max(200)
    .optional(),
  is_through_door: z.boolean().optional(),
  manual_door: z.boolean().optional(),
  main_lift_id: id.nullable().optional(),
  latitude: z.coerce.number().min(-90).max(90).nullable().optional(),
  longitude: z.coerce.number().min(-180).max(180).nullable().optional(),
  address: text(200),
  remark: text(500),
  community_id: id.nullable().optional(),
  building_id: id.nullable().optional(),
  unit_id: id.nullable().optional(),
  /** owning company or department; must lie inside the caller's scope (default: the caller's company) */
  company_id: id.optional(),
  mt_company_id: id.nullable().optional(),
  j_mt_workers: z.array(ZPerson).max(20).optional(),
  j_responsible: z.array(ZPerson).max(20).optional(),
  ad_company: text(64),
  j_alarm_charger: z.array(ZPerson).max(20).optional(),
  terminal_id: text(40),
  face_terminal_id: text(40),
  m3u8_url: text(500),
  sms_switch: z.boolean().optional(),
  sms_limit: z.coerce.number().int().min(0).max(100).optional(),
  imsi: text(20),
  bs_number: text(20),
  insurance_company: text(64),
  insurance_no: text(64),
  insurance_expire: z.string().trim().max(10).nullable().optional(),
  is_virtual: z.boolean().optional(),
  /** monitor expiry (ISO date or date-time); only with the SET_EXPIRE_KEY permission */
  expire_at: z.string().trim().max(30).optional(),
});
export type TLiftForm = z.infer<typeof ZLiftForm>;
export const ZLiftCreateRequest = ZLiftForm;
export const ZLiftUpdateRequest = ZLiftForm.partial().extend({ id });
export type TLiftUpdateRequest = z.infer<typeof ZLiftUpdateRequest>;

/** Fields that may be changed for many lifts at once. */
export const ZLiftBatchEditRequest = z.object({
  ids: z.array(id).min(1).max(1000),
  set: z
    .object({
      variety: z.coerce.number().int().min(1).max(14),
      brand: text(64),
      mt_company_id: id.nullable(),
      j_mt_workers: z.array(ZPerson).max(20),
      ad_company: text(64),
      sms_switch: z.boolean(),
      sms_limit: z.coerce.number().int().min(0).max(100),
      community_id: id.nullable(),
      remark: text(500),
    })
    .partial(),
});
export type TLiftBatchEditRequest = z.infer<typeof ZLiftBatchEditRequest>;

const boolQuery = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
export const LIFT_ORDER_KEYS = ['id', 'name', 'code', 'variety', 'created_at', 'expire_at', 'updated_at'] as const;
export const ZLiftListQuery = ZPageQuery.extend({
  community_id: id.optional(),
  company_id: id.optional(),
  variety: z.coerce.number().int().min(1).max(14).optional(),
  online: boolQuery.optional(),
  bound: boolQuery.optional(),
  is_virtual: boolQuery.optional(),
  favourite: boolQuery.optional(),
});
export type TLiftListQuery = z.infer<typeof ZLiftListQuery>;

export const LIFT_STATES = ['online', 'offline', 'fault'] as const;
export type TLiftState = (typeof LIFT_STATES)[number];

export const ZLift = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string().nullable(),
  community_id: z.number().int().nullable(),
  community_name: z.string().nullable(),
  building_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  name: z.string(),
  code: z.string(),
  variety: z.number().int(),
  variety_name: z.string(),
  model: z.string().nullable(),
  factory_number: z.string().nullable(),
  equipment_code: z.string().nullable(),
  yd_unique_code: z.string().nullable(),
  register_number: z.string().nullable(),
  brand: z.string().nullable(),
  speed: z.number().nullable(),
  load: z.number().nullable(),
  j_floors: z.array(z.string()),
  positive_floors: z.number().int(),
  negative_floors: z.number().int(),
  total_floors: z.number().int(),
  is_through_door: z.boolean(),
  manual_door: z.boolean(),
  main_lift_id: z.number().int().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  mt_company_id: z.number().int().nullable(),
  j_mt_workers: z.array(ZPerson),
  j_responsible: z.array(ZPerson),
  ad_company: z.string().nullable(),
  j_alarm_charger: z.array(ZPerson),
  terminal_id: z.string().nullable(),
  face_terminal_id: z.string().nullable(),
  m3u8_url: z.string().nullable(),
  sms_switch: z.boolean(),
  sms_limit: z.number().int(),
  imsi: z.string().nullable(),
  bs_number: z.string().nullable(),
  insurance_company: z.string().nullable(),
  insurance_no: z.string().nullable(),
  insurance_expire: z.string().nullable(),
  is_virtual: z.boolean(),
  expire_at: z.string(),
  expired: z.boolean(),
  online: z.boolean(),
  bound: z.boolean(),
  state: z.enum(LIFT_STATES),
  favourite: z.boolean(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLift = z.infer<typeof ZLift>;

export const ZLiftRenewRequest = z.object({ id, months: z.coerce.number().int().min(1).max(60).default(DEFAULT_EXPIRY_MONTHS) });

export const ZLiftMapPoint = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  community_name: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  state: z.enum(LIFT_STATES),
  terminal_id: z.string().nullable(),
});
export type TLiftMapPoint = z.infer<typeof ZLiftMapPoint>;
