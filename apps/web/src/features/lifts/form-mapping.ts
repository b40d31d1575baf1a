import {
  ALARM_PERSONS_MAX,
  FLOORS_MAX,
  FLOORS_MIN,
  THROUGH_DOOR_FLOORS_MAX,
  type TLift,
  type TLiftForm,
  type TPerson,
} from '@liftguard/contract/registry/lift';
import { isM3u8Url, isTerminalId } from '@liftguard/contract/registry/terminal';
import { isPhone } from '@liftguard/contract/validators';

/**
 * The lift form ↔ API mapping and the client-side copy of the server's lift rules
 * (apps/server/src/modules/lift/rules.ts). Pure, so it is unit-tested; dates are 'YYYY-MM-DD' text.
 */

/** Field names of the form (a flat object; persons are lists of {name, mobile}). */
export type LiftFormValues = {
  name?: string;
  code?: string;
  variety?: number;
  model?: string;
  factory_number?: string;
  equipment_code?: string;
  yd_unique_code?: string;
  register_number?: string;
  brand?: string;
  speed?: number | null;
  load?: number | null;
  company_id?: number;
  community_id?: number | null;
  building_id?: number | null;
  unit_id?: number | null;
  address?: string;
  latitude?: number | null;
  longitude?: number | null;
  positive_floors?: number | null;
  negative_floors?: number | null;
  /** custom floor labels, comma or space separated; when given they decide the floors */
  j_floors_text?: string;
  is_through_door?: boolean;
  manual_door?: boolean;
  main_lift_id?: number | null;
  mt_company_id?: number | null;
  j_mt_workers?: Partial<TPerson>[];
  j_responsible?: Partial<TPerson>[];
  j_alarm_charger?: Partial<TPerson>[];
  ad_company?: string;
  terminal_id?: string;
  face_terminal_id?: string;
  m3u8_url?: string;
  is_virtual?: boolean;
  sms_switch?: boolean;
  sms_limit?: number | null;
  imsi?: string;
  bs_number?: string;
  expire_at?: string | null;
  insurance_company?: string;
  insurance_no?: string;
  insurance_expire?: string | null;
  remark?: string;
};

const TEXT_FIELDS = [
  'model',
  'factory_number',
  'equipment_code',
  'yd_unique_code',
  'register_number',
  'brand',
  'address',
  'remark',
  'ad_company',
  'terminal_id',
  'face_terminal_id',
  'm3u8_url',
  'imsi',
  'bs_number',
  'insurance_company',
  'insurance_no',
] as const;

const textOrNull = (v: string | undefined | null): string | null => {
  const s = (v ?? '').trim();
  return s === '' ? null : s;
};

export function splitFloors(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\s,，;；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const people = (list: Partial<TPerson>[] | undefined): TPerson[] =>
  (list ?? [])
    .map((p) => ({ name: (p?.name ?? '').trim(), mobile: (p?.mobile ?? '').trim() }))
    .filter((p) => p.name !== '' || p.mobile !== '');

/** Form values → the body of POST /device/add (PUT /device/update adds the id). */
export function toLiftBody(v: LiftFormValues, opts: { canSetExpiry: boolean }): TLiftForm {
  const body: Record<string, unknown> = {
    name: (v.name ?? '').trim(),
    code: (v.code ?? '').trim(),
    variety: v.variety ?? 2,
    speed: v.speed ?? null,
    load: v.load ?? null,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    community_id: v.community_id ?? null,
    building_id: v.building_id ?? null,
    unit_id: v.unit_id ?? null,
    mt_company_id: v.mt_company_id ?? null,
    main_lift_id: v.main_lift_id ?? null,
    is_through_door: v.is_through_door ?? false,
    manual_door: v.manual_door ?? false,
    is_virtual: v.is_virtual ?? false,
    sms_switch: v.sms_switch ?? false,
    sms_limit: v.sms_limit ?? 0,
    j_mt_workers: people(v.j_mt_workers),
    j_responsible: people(v.j_responsible),
    j_alarm_charger: people(v.j_alarm_charger),
  };
  for (const f of TEXT_FIELDS) body[f] = textOrNull(v[f]);
  if (v.company_id) body.company_id = v.company_id;
  const list = splitFloors(v.j_floors_text);
  if (list.length > 0) body.j_floors = list;
  else {
    body.positive_floors = v.positive_floors ?? 0;
    body.negative_floors = v.negative_floors ?? 0;
  }
  if (v.insurance_expire) body.insurance_expire = v.insurance_expire;
  if (opts.canSetExpiry && v.expire_at) body.expire_at = v.expire_at;
  return body as TLiftForm;
}

/** A lift as the API answers it → form values. */
export function fromLift(l: TLift): LiftFormValues {
  const custom = !isPlainRun(l.j_floors, l.positive_floors, l.negative_floors);
  return {
    name: l.name,
    code: l.code,
    variety: l.variety,
    model: l.model ?? '',
    factory_number: l.factory_number ?? '',
    equipment_code: l.equipment_code ?? '',
    yd_unique_code: l.yd_unique_code ?? '',
    register_number: l.register_number ?? '',
    brand: l.brand ?? '',
    speed: l.speed,
    load: l.load,
    company_id: l.company_id,
    community_id: l.community_id,
    building_id: l.building_id,
    unit_id: l.unit_id,
    address: l.address ?? '',
    latitude: l.latitude,
    longitude: l.longitude,
    positive_floors: l.positive_floors,
    negative_floors: l.negative_floors,
    j_floors_text: custom ? l.j_floors.join(',') : '',
    is_through_door: l.is_through_door,
    manual_door: l.manual_door,
    main_lift_id: l.main_lift_id,
    mt_company_id: l.mt_company_id,
    j_mt_workers: l.j_mt_workers,
    j_responsible: l.j_responsible,
    j_alarm_charger: l.j_alarm_charger,
    ad_company: l.ad_company ?? '',
    terminal_id: l.terminal_id ?? '',
    face_terminal_id: l.face_terminal_id ?? '',
    m3u8_url: l.m3u8_url ?? '',
    is_virtual: l.is_virtual,
    sms_switch: l.sms_switch,
    sms_limit: l.sms_limit,
    imsi: l.imsi ?? '',
    bs_number: l.bs_number ?? '',
    expire_at: l.expire_at.slice(0, 10),
    insurance_company: l.insurance_company ?? '',
    insurance_no: l.insurance_no ?? '',
    insurance_expire: l.insurance_expire ? l.insurance_expire.slice(0, 10) : null,
    remark: l.remark ?? '',
  };
}

/** Whether a floor list is just -neg..-1, 1..pos (then the counts say it all). */
function isPlainRun(list: readonly string[], pos: number, neg: number): boolean {
  const expected: string[] = [];
  for (let i = neg; i >= 1; i--) expected.push(String(-i));
  for (let i = 1; i <= pos; i++) expected.push(String(i));
  return expected.length === list.length && expected.every((f, i) => f === list[i]);
}

/** Total floors the form describes, or null when the floor list is not all numbers. */
export function floorTotal(v: Pick<LiftFormValues, 'j_floors_text' | 'positive_floors' | 'negative_floors'>): number | null {
  const list = splitFloors(v.j_floors_text);
  if (list.length > 0) {
    if (list.some((f) => !/^-?\d+$/.test(f) || Number(f) === 0)) return null;
    if (new Set(list.map(Number)).size !== list.length) return null;
    return list.length;
  }
  return (v.positive_floors ?? 0) + (v.negative_floors ?? 0);
}

export type FieldProblem = { field: keyof LiftFormValues; code: number };

/**
 * The server's rules, checked before sending (codes from packages/contract/src/errors.ts, so
 * the same text shows whichever side finds the problem). `mainTotal` is the main lift's floor
 * count when a main lift is chosen.
 */
export function checkLiftForm(v: LiftFormValues, mainTotal?: number | null): FieldProblem[] {
  const out: FieldProblem[] = [];
  const floorsField = splitFloors(v.j_floors_text).length > 0 ? 'j_floors_text' : 'positive_floors';
  const total = floorTotal(v);
  if (total === null) out.push({ field: 'j_floors_text', code: 4049 });
  else if (total < FLOORS_MIN || total > FLOORS_MAX) out.push({ field: floorsField, code: 4140 });
  else if (v.is_through_door && total > THROUGH_DOOR_FLOORS_MAX) out.push({ field: floorsField, code: 4141 });
  else if (mainTotal !== undefined && mainTotal !== null && v.main_lift_id && total > mainTotal)
    out.push({ field: 'main_lift_id', code: 4142 });
  const alarm = people(v.j_alarm_charger);
  if (alarm.length > ALARM_PERSONS_MAX) out.push({ field: 'j_alarm_charger', code: 4143 });
  for (const [field, list] of [
    ['j_alarm_charger', alarm],
    ['j_mt_workers', people(v.j_mt_workers)],
    ['j_responsible', people(v.j_responsible)],
  ] as const) {
    if (list.some((p) => p.name === '')) out.push({ field, code: 4148 });
    else if (list.some((p) => !isPhone(p.mobile))) out.push({ field, code: 4098 });
  }
  const tid = textOrNull(v.terminal_id);
  if (tid && !isTerminalId(tid)) out.push({ field: 'terminal_id', code: 4145 });
  const fid = textOrNull(v.face_terminal_id);
  if (fid && !isTerminalId(fid)) out.push({ field: 'face_terminal_id', code: 4145 });
  const m3u8 = textOrNull(v.m3u8_url);
  if (m3u8 && !isM3u8Url(m3u8)) out.push({ field: 'm3u8_url', code: 4146 });
  return out;
}

/** Which form field a server failure code belongs to (null: show it as a message). */
export function fieldOfCode(code: number, v: LiftFormValues): keyof LiftFormValues | null {
  const floorsField = splitFloors(v.j_floors_text).length > 0 ? 'j_floors_text' : 'positive_floors';
  switch (code) {
    case 4049:
    case 4140:
    case 4141:
      return floorsField;
    case 4142:
    case 4149:
      return 'main_lift_id';
    case 4143:
      return 'j_alarm_charger';
    case 4145:
    case 4043:
    case 4061:
      return 'terminal_id';
    case 4091:
      return 'face_terminal_id';
    case 4146:
      return 'm3u8_url';
    case 4062:
      return 'code';
    case 4147:
      return 'expire_at';
    case 4144:
      return v.insurance_expire ? 'expire_at' : 'insurance_expire';
    case 4150:
    case 4096:
      return 'imsi';
    case 4151:
    case 4094:
    case 4095:
      return 'bs_number';
    default:
      return null;
  }
}
