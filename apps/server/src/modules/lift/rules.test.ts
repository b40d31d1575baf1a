import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  addMonths,
  checkAlarmPersons,
  checkM3u8,
  checkSecondaryFloors,
  checkTerminalFormat,
  liftState,
  parseDateField,
  renewedExpiry,
  resolveFloors,
} from './rules.ts';

const codeOf = (fn: () => unknown): number | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : -999;
  }
};

describe('floors', () => {
  it('derives the list from counts and the counts from the list', () => {
    expect(resolveFloors({ positive_floors: 3, negative_floors: 1 })).toEqual({
      j_floors: ['-1', '1', '2', '3'],
      positive_floors: 3,
      negative_floors: 1,
      total: 4,
    });
    expect(resolveFloors({ j_floors: ['-2', '-1', '1', '2', '5'] }).positive_floors).toBe(3);
  });
  it('accepts 1 and 64 floors, refuses 0 and 65 with 4140', () => {
    expect(resolveFloors({ positive_floors: 1 }).total).toBe(1);
    expect(resolveFloors({ positive_floors: 60, negative_floors: 4 }).total).toBe(64);
    expect(codeOf(() => resolveFloors({ positive_floors: 0 }))).toBe(4140);
    expect(codeOf(() => resolveFloors({ positive_floors: 65 }))).toBe(4140);
    expect(codeOf(() => resolveFloors({ positive_floors: 60, negative_floors: 5 }))).toBe(4140);
    expect(codeOf(() => resolveFloors({ positive_floors: -3 }))).toBe(4140);
  });
  it('refuses non-numeric, zero and duplicate floor labels with 4049', () => {
    expect(codeOf(() => resolveFloors({ j_floors: ['1', '2a'] }))).toBe(4049);
    expect(codeOf(() => resolveFloors({ j_floors: ['1', 'B1'] }))).toBe(4049);
    expect(codeOf(() => resolveFloors({ j_floors: ['0', '1'] }))).toBe(4049);
    expect(codeOf(() => resolveFloors({ j_floors: ['1', '1'] }))).toBe(4049);
    expect(codeOf(() => resolveFloors({ positive_floors: 2.5 }))).toBe(4049);
  });
  it('caps through-door lifts at 32 floors (4141)', () => {
    expect(resolveFloors({ positive_floors: 32, is_through_door: true }).total).toBe(32);
    expect(codeOf(() => resolveFloors({ positive_floors: 33, is_through_door: true }))).toBe(4141);
    expect(resolveFloors({ positive_floors: 33, is_through_door: false }).total).toBe(33);
  });
  it('keeps a secondary lift within its main lift (4142)', () => {
    expect(codeOf(() => checkSecondaryFloors(10, 10))).toBeNull();
    expect(codeOf(() => checkSecondaryFloors(11, 10))).toBe(4142);
  });
});

describe('alarm persons', () => {
  const p = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `P${i}`, mobile: `1380000000${i}` }));
  const after = new Date('2025-07-01T00:00:00Z');
  const before = new Date('2025-06-01T00:00:00Z');
  it('allows at most 2 for settings made from 2025-06-23', () => {
    expect(checkAlarmPersons(p(2), [], after)).toBe(true);
    expect(codeOf(() => checkAlarmPersons(p(3), [], after))).toBe(4143);
  });
  it('allowed more than 2 before the rule day', () => {
    expect(checkAlarmPersons(p(3), [], before)).toBe(true);
  });
  it('leaves an unchanged older setting of 3 people as it is', () => {
    expect(checkAlarmPersons(p(3), p(3), after)).toBe(false);
    expect(codeOf(() => checkAlarmPersons([...p(2), { name: 'X', mobile: '13900000000' }], p(3), after))).toBe(4143);
  });
  it('checks the phone numbers (4098) and names (4148)', () => {
    expect(codeOf(() => checkAlarmPersons([{ name: 'A', mobile: '12345' }], [], after))).toBe(4098);
    expect(codeOf(() => checkAlarmPersons([{ name: '', mobile: '13800000000' }], [], after))).toBe(4148);
  });
});

describe('formats and dates', () => {
  it('accepts the terminal id families and refuses others (4145)', () => {
    for (const id of ['T0001234', 'L_000123', 'E00123', 'WCR1234', 'F00001', 'U00001'])
      expect(codeOf(() => checkTerminalFormat(id))).toBeNull();
    for (const id of ['X1234', 'T12', 'T 12345', 'E01234', '']) expect(codeOf(() => checkTerminalFormat(id))).toBe(4145);
  });
  it('accepts http(s) .m3u8 addresses only (4146)', () => {
    expect(codeOf(() => checkM3u8('https://cdn.example.com/live/a.m3u8?token=1'))).toBeNull();
    expect(codeOf(() => checkM3u8('rtmp://x/a.m3u8'))).toBe(4146);
    expect(codeOf(() => checkM3u8('https://x.com/a.mp4'))).toBe(4146);
  });
  it('refuses empty dates with 4144 and garbage with 4001', () => {
    expect(parseDateField(undefined)).toBeUndefined();
    expect(codeOf(() => parseDateField(''))).toBe(4144);
    expect(codeOf(() => parseDateField(null))).toBe(4144);
    expect(codeOf(() => parseDateField('2025-13-99x', { dateOnly: true }))).toBe(4001);
    expect(parseDateField('2026-02-01')?.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('expiry and state', () => {
  it('defaults to 12 months and clamps month ends', () => {
    expect(addMonths(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2027-01-15T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
  it('renews from now when already expired, from the expiry otherwise; 0 months is 4037', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(renewedExpiry(new Date('2026-01-01T00:00:00Z'), 12, now).toISOString()).toBe('2027-06-01T00:00:00.000Z');
    expect(renewedExpiry(new Date('2026-09-01T00:00:00Z'), 12, now).toISOString()).toBe('2027-09-01T00:00:00.000Z');
    expect(codeOf(() => renewedExpiry(now, 0, now))).toBe(4037);
  });
  it('shows a lift past its expiry offline even when its terminal is online', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(liftState(true, new Date('2026-05-31T00:00:00Z'), false, now)).toBe('offline');
    expect(liftState(true, new Date('2026-07-01T00:00:00Z'), false, now)).toBe('online');
    expect(liftState(true, new Date('2026-07-01T00:00:00Z'), true, now)).toBe('fault');
    expect(liftState(false, new Date('2026-07-01T00:00:00Z'), true, now)).toBe('offline');
  });
});
