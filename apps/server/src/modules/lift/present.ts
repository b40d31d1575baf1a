import { type Locale, type TLift, type TLiftMapPoint, varietyName } from '@liftguard/contract';
import type { findLift, mapPoints } from './repo.ts';
import { liftState } from './rules.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findLift>>>;
const iso = (d: unknown): string | null => (d === null || d === undefined ? null : new Date(d as string).toISOString());
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A lift row as the API answers it, with its derived state (expired lifts read offline). */
export function presentLift(r: Row, locale: Locale, now = new Date()): TLift {
  const expireAt = new Date(r.expire_at);
  const state = liftState(r.terminal_online, expireAt, r.open_fault, now);
  return {
    id: r.id,
    company_id: r.company_id,
    company_name: r.company_name,
    community_id: r.community_id,
    community_name: r.community_name,
    building_id: r.building_id,
    unit_id: r.unit_id,
    name: r.name,
    code: r.code,
    variety: r.variety,
    variety_name: varietyName(r.variety, locale),
    model: r.model,
    factory_number: r.factory_number,
    equipment_code: r.equipment_code,
    yd_unique_code: r.yd_unique_code,
    register_number: r.register_number,
    brand: r.brand,
    speed: num(r.speed),
    load: num(r.load),
    j_floors: r.j_floors ?? [],
    positive_floors: r.positive_floors,
    negative_floors: r.negative_floors,
    total_floors: r.positive_floors + r.negative_floors,
    is_through_door: r.is_through_door,
    manual_door: r.manual_door,
    main_lift_id: r.main_lift_id,
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    address: r.address,
    remark: r.remark,
    mt_company_id: r.mt_company_id,
    j_mt_workers: r.j_mt_workers ?? [],
    j_responsible: r.j_responsible ?? [],
    ad_company: r.ad_company,
    j_alarm_charger: r.j_alarm_charger ?? [],
    terminal_id: r.terminal_id,
    face_terminal_id: r.face_terminal_id,
    m3u8_url: r.m3u8_url,
    sms_switch: r.sms_switch,
    sms_limit: r.sms_limit,
    imsi: r.imsi,
    bs_number: r.bs_number,
    insurance_company: r.insurance_company,
    insurance_no: r.insurance_no,
    insurance_expire: r.insurance_expire,
    is_virtual: r.is_virtual,
    expire_at: expireAt.toISOString(),
    expired: expireAt.getTime() <= now.getTime(),
    online: state !== 'offline',
    bound: r.terminal_id !== null,
    state,
    favourite: r.favourite,
    deleted_at: iso(r.deleted_at),
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
  };
}

type Point = Awaited<ReturnType<typeof mapPoints>>[number];
export function presentPoint(p: Point, now = new Date()): TLiftMapPoint {
  return {
    id: p.id,
    name: p.name,
    code: p.code,
    community_name: p.community_name,
    latitude: Number(p.latitude),
    longitude: Number(p.longitude),
    terminal_id: p.terminal_id,
    state: liftState(p.terminal_online, new Date(p.expire_at), p.open_fault, now),
  };
}
