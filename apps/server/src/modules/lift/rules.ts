import {
  ALARM_PERSONS_MAX,
  ALARM_PERSONS_RULE_FROM,
  DEFAULT_EXPIRY_MONTHS,
  FLOORS_MAX,
  FLOORS_MIN,
  isM3u8Url,
  isPhone,
  isTerminalId,
  THROUGH_DOOR_FLOORS_MAX,
  type TLiftState,
  type TPerson,
} from '@liftguard/contract';
import { AppError } from '../../platform/errors.ts';

/**
 * Pure lift rules of SPEC.md §5 — no database. Each throws a catalogued AppError; the form,
 * the batch edit and the import all go through them.
 */

export type FloorsInput = {
  positive_floors?: number | undefined;
  negative_floors?: number | undefined;
  j_floors?: string[] | undefined;
  is_through_door?: boolean | undefined;
};
export type Floors = { j_floors: string[]; positive_floors: number; negative_floors: number; total: number };

const NUMERIC_FLOOR = /^-?\d+$/;

/**
 * Resolve the floors of a lift: from the floor list when one is given (every entry numeric,
 * 4049), else from the positive/negative counts. Total 1–64 (4140), through-door ≤ 32 (4141).
 */
export function resolveFloors(input: FloorsInput): Floors {
  let floors: Floors;
  if (input.j_floors && input.j_floors.length > 0) {
    const list = input.j_floors.map((f) => f.trim());
    if (list.some((f) => !NUMERIC_FLOOR.test(f) || f === '0' || f === '-0')) throw new AppError(4049);
    if (new Set(list.map(Number)).size !== list.length) throw new AppError(4049);
    const nums = list.map(Number);
    floors = {
      j_floors: list,
      positive_floors: nums.filter((n) => n > 0).length,
      negative_floors: nums.filter((n) => n < 0).length,
      total: list.length,
    };
  } else {
    const pos = input.positive_floors ?? 0;
    const neg = input.negative_floors ?? 0;
    if (!Number.isInteger(pos) || !Number.isInteger(neg)) throw new AppError(4049);
    if (pos < 0 || neg < 0) throw new AppError(4140);
    const list: string[] = [];
    for (let i = neg; i >= 1; i--) list.push(String(-i));
    for (let i = 1; i <= pos; i++) list.push(String(i));
    floors = { j_floors: list, positive_floors: pos, negative_floors: neg, total: pos + neg };
  }
  if (floors.total < FLOORS_MIN || floors.total > FLOORS_MAX) throw new AppError(4140);
  if (input.is_through_door && floors.total > THROUGH_DOOR_FLOORS_MAX) throw new AppError(4141);
  return floors;
}

/** A secondary lift may not serve more floors than its main lift (4142). */
export function checkSecondaryFloors(secondaryTotal: number, mainTotal: number): void {
  if (secondaryTotal > mainTotal) throw new AppError(4142);
}

const samePeople = (a: readonly TPerson[], b: readonly TPerson[]) =>
  a.length === b.length && a.every((p, i) => p.name === b[i]?.name && p.mobile === b[i]?.mobile);

/**
 * Fault alarm persons: at most 2 for settings made on or after 2025-06-23 (4143). A setting
 * that is not changed stays as it is, however many people it holds. Every mobile must be a
 * phone number (4098). Returns whether the setting changed (the caller stamps the time).
 */
export function checkAlarmPersons(next: readonly TPerson[], previous: readonly TPerson[] | null, now: Date): boolean {
  if (previous && samePeople(next, previous)) return false;
  if (now.getTime() >= Date.parse(`${ALARM_PERSONS_RULE_FROM}T00:00:00+08:00`) && next.length > ALARM_PERSONS_MAX) {
    throw new AppError(4143);
  }
  for (const p of next) {
    if (!p.name) throw new AppError(4148);
    if (!isPhone(p.mobile)) throw new AppError(4098);
  }
  return true;
}

/** Terminal ids must be in one of the id families (4145). */
export function checkTerminalFormat(id: string): void {
  if (!isTerminalId(id)) throw new AppError(4145);
}

export function checkM3u8(url: string): void {
  if (!isM3u8Url(url)) throw new AppError(4146);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Dates of a lift (expiry, insurance expiry) may be left out but not sent empty (4144). */
export function parseDateField(value: string | null | undefined, opts: { dateOnly?: boolean } = {}): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') throw new AppError(4144);
  const v = value.trim();
  if (opts.dateOnly && !DATE_RE.test(v)) throw new AppError(4001);
  const d = new Date(DATE_RE.test(v) ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(d.getTime())) throw new AppError(4001);
  return d;
}

/** Default monitor expiry: DEFAULT_EXPIRY_MONTHS after `from`. */
export function addMonths(from: Date, months: number = DEFAULT_EXPIRY_MONTHS): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The renewed expiry: `months` after the later of now and the current expiry. 4037 when the
 * result would not move the expiry forward (e.g. zero months).
 */
export function renewedExpiry(current: Date, months: number, now: Date): Date {
  if (!Number.isInteger(months) || months < 1) throw new AppError(4037);
  const base = current.getTime() > now.getTime() ? current : now;
  return addMonths(base, months);
}

/** A lift is online only when its terminal is online and its monitor expiry has not passed. */
export function liftState(terminalOnline: boolean, expireAt: Date, hasOpenFault: boolean, now: Date): TLiftState {
  const online = terminalOnline && expireAt.getTime() > now.getTime();
  if (!online) return 'offline';
  return hasOpenFault ? 'fault' : 'online';
}
