import type { TLift } from '@liftguard/contract/registry/lift';
import { describe, expect, it } from 'vitest';
import { checkLiftForm, fieldOfCode, floorTotal, fromLift, type LiftFormValues, splitFloors, toLiftBody } from './form-mapping.ts';

const base: LiftFormValues = { name: ' Lift A ', code: 'LG-1', variety: 2, positive_floors: 10, negative_floors: 2 };
const codes = (v: LiftFormValues, main?: number | null) => checkLiftForm(v, main).map((p) => `${p.field}:${p.code}`);

describe('lift form → API body', () => {
  it('trims text, turns empty text into null and sends the floor counts', () => {
    const body = toLiftBody({ ...base, brand: '  ', model: ' GeN2 ', terminal_id: '' }, { canSetExpiry: false });
    expect(body).toMatchObject({
      name: 'Lift A',
      code: 'LG-1',
      brand: null,
      model: 'GeN2',
      terminal_id: null,
      positive_floors: 10,
      negative_floors: 2,
    });
    expect(body).not.toHaveProperty('j_floors');
  });

  it('sends a custom floor list instead of the counts when one is given', () => {
    const body = toLiftBody({ ...base, j_floors_text: '-1, 1，2 3' }, { canSetExpiry: false });
    expect(body.j_floors).toEqual(['-1', '1', '2', '3']);
    expect(body).not.toHaveProperty('positive_floors');
  });

  it('sends the expiry only for users who may set it, and drops empty people rows', () => {
    const v = {
      ...base,
      expire_at: '2027-01-31',
      j_alarm_charger: [
        { name: 'Li', mobile: '13800000000' },
        { name: '', mobile: '' },
      ],
    };
    expect(toLiftBody(v, { canSetExpiry: false })).not.toHaveProperty('expire_at');
    const body = toLiftBody(v, { canSetExpiry: true });
    expect(body.expire_at).toBe('2027-01-31');
    expect(body.j_alarm_charger).toEqual([{ name: 'Li', mobile: '13800000000' }]);
  });

  it('round-trips a lift: counts stay counts, an irregular floor list stays a list', () => {
    const lift = {
      ...({} as TLift),
      name: 'B',
      code: 'C',
      variety: 3,
      j_floors: ['-1', '1', '2'],
      positive_floors: 2,
      negative_floors: 1,
      expire_at: '2027-05-01T00:00:00.000Z',
      insurance_expire: null,
      j_mt_workers: [],
      j_responsible: [],
      j_alarm_charger: [],
    } as TLift;
    expect(fromLift(lift).j_floors_text).toBe('');
    expect(fromLift(lift).expire_at).toBe('2027-05-01');
    expect(fromLift({ ...lift, j_floors: ['1', '3', '5'], positive_floors: 3, negative_floors: 0 }).j_floors_text).toBe('1,3,5');
  });
});

describe('client copy of the lift rules', () => {
  it('accepts 1–64 floors and refuses 0 or 65 on the floors field (4140)', () => {
    expect(codes({ ...base, positive_floors: 64, negative_floors: 0 })).toEqual([]);
    expect(codes({ ...base, positive_floors: 63, negative_floors: 2 })).toEqual(['positive_floors:4140']);
    expect(codes({ ...base, positive_floors: 0, negative_floors: 0 })).toEqual(['positive_floors:4140']);
  });

  it('refuses non-numeric, zero or repeated floor labels (4049)', () => {
    expect(splitFloors('B1,1,2')).toEqual(['B1', '1', '2']);
    expect(floorTotal({ j_floors_text: 'B1,1,2' })).toBeNull();
    expect(codes({ ...base, j_floors_text: '1,2,2' })).toEqual(['j_floors_text:4049']);
    expect(codes({ ...base, j_floors_text: '0,1' })).toEqual(['j_floors_text:4049']);
  });

  it('limits through-door lifts to 32 floors (4141) and secondary lifts to their main lift (4142)', () => {
    expect(codes({ ...base, positive_floors: 33, negative_floors: 0, is_through_door: true })).toEqual(['positive_floors:4141']);
    expect(codes({ ...base, positive_floors: 32, negative_floors: 0, is_through_door: true })).toEqual([]);
    expect(codes({ ...base, main_lift_id: 7 }, 11)).toEqual(['main_lift_id:4142']);
    expect(codes({ ...base, main_lift_id: 7 }, 12)).toEqual([]);
  });

  it('allows at most 2 alarm persons with phone numbers (4143, 4098)', () => {
    const p = (mobile: string) => ({ name: 'X', mobile });
    expect(codes({ ...base, j_alarm_charger: [p('13800000000'), p('13900000000')] })).toEqual([]);
    expect(codes({ ...base, j_alarm_charger: [p('13800000000'), p('13900000000'), p('13700000000')] })).toEqual(['j_alarm_charger:4143']);
    expect(codes({ ...base, j_alarm_charger: [p('12')] })).toEqual(['j_alarm_charger:4098']);
  });

  it('checks terminal ids and m3u8 addresses with the contract validators (4145, 4146)', () => {
    expect(codes({ ...base, terminal_id: 'T0001001', m3u8_url: 'https://v.example.org/live/a.m3u8' })).toEqual([]);
    expect(codes({ ...base, terminal_id: 'X1', m3u8_url: 'https://v.example.org/live/a.mp4' })).toEqual([
      'terminal_id:4145',
      'm3u8_url:4146',
    ]);
  });

  it('puts server failures on the right field', () => {
    expect(fieldOfCode(4140, base)).toBe('positive_floors');
    expect(fieldOfCode(4140, { ...base, j_floors_text: '1,2' })).toBe('j_floors_text');
    expect(fieldOfCode(4062, base)).toBe('code');
    expect(fieldOfCode(4043, base)).toBe('terminal_id');
    expect(fieldOfCode(4091, base)).toBe('face_terminal_id');
    expect(fieldOfCode(4001, base)).toBeNull();
  });
});
