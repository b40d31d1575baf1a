import { describe, expect, it } from 'vitest';
import { manualClock } from '../../platform/clock.ts';
import {
  classifyNumber,
  composeFaultSms,
  decideFaultAlert,
  decideForNumber,
  type SmsHistoryEntry,
  shanghaiDayStart,
  signatureFor,
} from './fault-sms-policy.ts';

const company = { smsEnable: 1, smsCount: 0, smsLimit: 1000, pending: 0 };
const lift = { smsSwitch: true, smsLimit: 3 };
const domestic = classifyNumber('13912345678');

/** A ledger that remembers what the policy allowed, as the sms_record table does. */
function ledger() {
  const sent = new Map<string, SmsHistoryEntry[]>();
  return {
    historyOf: (n: string) => sent.get(n) ?? [],
    record: (n: string, e: SmsHistoryEntry) => sent.set(n, [...(sent.get(n) ?? []), e]),
  };
}

function alert(
  l: ReturnType<typeof ledger>,
  now: Date,
  liftId: number,
  code: string,
  mobiles: string[],
  over: Partial<typeof company> = {},
) {
  const decisions = decideFaultAlert({
    now,
    liftId,
    code,
    company: { ...company, ...over },
    lift,
    contacts: mobiles.map((m, i) => ({ name: `c${i}`, mobile: m })),
    historyOf: l.historyOf,
  });
  for (const d of decisions) if (d.send) l.record(d.mobile, { at: now, liftId, code });
  return decisions;
}

describe('Asia/Shanghai day boundary', () => {
  it('starts the day at 16:00 UTC of the previous UTC day', () => {
    expect(shanghaiDayStart(new Date('2026-03-10T15:59:59.999Z')).toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(shanghaiDayStart(new Date('2026-03-10T16:00:00.000Z')).toISOString()).toBe('2026-03-10T16:00:00.000Z');
  });

  it('allows the same fault on the same device again once the Shanghai day changes, not before', () => {
    const clock = manualClock(new Date('2026-03-10T15:00:00Z')); // 23:00 in Shanghai
    const l = ledger();
    expect(alert(l, clock.now(), 1, 'TRAP_FLOOR', ['13912345678'])[0]?.send).toBe(true);
    clock.advance(59 * 60_000); // 23:59 Shanghai
    expect(alert(l, clock.now(), 1, 'TRAP_FLOOR', ['13912345678'])[0]).toMatchObject({ send: false, reason: 'same_fault_today' });
    clock.advance(60_000); // 00:00 Shanghai next day (still 10 March in UTC)
    expect(clock.now().toISOString()).toBe('2026-03-10T16:00:00.000Z');
    expect(alert(l, clock.now(), 1, 'TRAP_FLOOR', ['13912345678'])[0]?.send).toBe(true);
  });
});

describe('per-device caps', () => {
  it('sends a different code on the same device but at most 3 per day', () => {
    const clock = manualClock(new Date('2026-03-10T01:00:00Z'));
    const l = ledger();
    const codes = ['TRAP_FLOOR', 'OVERSPEED', 'HIT_TOP', 'HIT_BOTTOM'];
    const results = codes.map((c) => {
      clock.advance(60_000);
      return alert(l, clock.now(), 7, c, ['13912345678'])[0];
    });
    expect(results.map((r) => r?.send)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ reason: 'device_daily_cap' });
    // another device is not affected
    expect(alert(l, clock.now(), 8, 'HIT_BOTTOM', ['13912345678'])[0]?.send).toBe(true);
  });

  it('gives each SMS of a device and number the lowest free slot of the day (a unique key in sms_record)', () => {
    const now = new Date('2026-03-10T01:00:00Z');
    const at = new Date(now.getTime() - 1000);
    const decide = (history: SmsHistoryEntry[]) => decideForNumber({ now, liftId: 1, code: 'Z', company, lift, number: domestic, history });
    expect(decide([])).toEqual({ send: true, slot: 1 });
    expect(decide([{ at, liftId: 1, code: 'A', slot: 1 }])).toEqual({ send: true, slot: 2 });
    // slot 1 was freed (that SMS failed), slot 2 is held
    expect(decide([{ at, liftId: 1, code: 'B', slot: 2 }])).toEqual({ send: true, slot: 1 });
    // another device's slots are its own
    expect(decide([{ at, liftId: 2, code: 'A', slot: 1 }])).toEqual({ send: true, slot: 1 });
  });

  it('uses lift.sms_limit when it is lower than 3, and sends nothing when the lift switch is off', () => {
    const now = new Date('2026-03-10T01:00:00Z');
    const history = [{ at: new Date(now.getTime() - 1000), liftId: 1, code: 'A' }];
    expect(
      decideForNumber({ now, liftId: 1, code: 'B', company, lift: { smsSwitch: true, smsLimit: 1 }, number: domestic, history }),
    ).toEqual({
      send: false,
      reason: 'device_daily_cap',
    });
    expect(
      decideForNumber({ now, liftId: 1, code: 'B', company, lift: { smsSwitch: true, smsLimit: 9 }, number: domestic, history }),
    ).toEqual({
      send: true,
      slot: 1,
    });
    expect(
      decideForNumber({ now, liftId: 1, code: 'B', company, lift: { smsSwitch: false, smsLimit: 3 }, number: domestic, history: [] }),
    ).toEqual({ send: false, reason: 'lift_switch_off' });
  });
});

describe('provider limits per number', () => {
  const spread = (now: Date, n: number, stepMs: number): SmsHistoryEntry[] =>
    Array.from({ length: n }, (_, i) => ({ at: new Date(now.getTime() - (i + 1) * stepMs), liftId: 1000 + i, code: 'X' }));

  it('stops at 50 in the last minute, hour and Shanghai day, and frees the number as the windows roll', () => {
    const clock = manualClock(new Date('2026-03-10T04:00:00Z'));
    const base = { liftId: 1, code: 'TRAP_FLOOR', company, lift, number: domestic };
    const minute = spread(clock.now(), 50, 1000);
    expect(decideForNumber({ ...base, now: clock.now(), history: minute })).toEqual({ send: false, reason: 'number_minute_limit' });
    clock.advance(11_000); // the oldest ten left the minute window, still within the hour
    expect(decideForNumber({ ...base, now: clock.now(), history: minute })).toEqual({ send: false, reason: 'number_hour_limit' });
    clock.advance(3_600_000);
    expect(decideForNumber({ ...base, now: clock.now(), history: minute })).toEqual({ send: false, reason: 'number_day_limit' });
    clock.set(new Date('2026-03-10T16:00:00Z')); // next Shanghai day
    expect(decideForNumber({ ...base, now: clock.now(), history: minute })).toMatchObject({ send: true });
  });

  it('allows the 50th message and refuses the 51st in the hour', () => {
    const now = new Date('2026-03-10T04:00:00Z');
    const base = { now, liftId: 1, code: 'TRAP_FLOOR', company, lift, number: domestic };
    expect(decideForNumber({ ...base, history: spread(now, 49, 60_000) })).toMatchObject({ send: true });
    expect(decideForNumber({ ...base, history: spread(now, 50, 60_000) })).toEqual({ send: false, reason: 'number_hour_limit' });
  });
});

describe('domestic versus overseas numbers', () => {
  it('classifies mainland mobiles with or without +86 as domestic and others as overseas or invalid', () => {
    expect(classifyNumber('13912345678')).toEqual({ kind: 'domestic', number: '13912345678' });
    expect(classifyNumber('+86 139-1234-5678')).toEqual({ kind: 'domestic', number: '13912345678' });
    expect(classifyNumber('008619912345678')).toEqual({ kind: 'domestic', number: '19912345678' });
    expect(classifyNumber('+351912345678')).toEqual({ kind: 'overseas', number: '+351912345678' });
    expect(classifyNumber('12912345678').kind).toBe('invalid'); // 12x is not a mobile prefix
    expect(classifyNumber('+8612345').kind).toBe('invalid');
    expect(classifyNumber('hello').kind).toBe('invalid');
  });

  it('follows sms_enable: 0 off, 1 domestic only, 2 both', () => {
    const now = new Date('2026-03-10T04:00:00Z');
    const l = ledger();
    const mobiles = ['13912345678', '+351912345678'];
    expect(alert(l, now, 1, 'A', mobiles, { smsEnable: 0 }).map((d) => (d.send ? 'sent' : d.reason))).toEqual([
      'sms_disabled',
      'sms_disabled',
    ]);
    expect(alert(l, now, 2, 'A', mobiles, { smsEnable: 1 }).map((d) => (d.send ? 'sent' : d.reason))).toEqual([
      'sent',
      'overseas_not_allowed',
    ]);
    expect(alert(l, now, 3, 'A', mobiles, { smsEnable: 2 }).map((d) => (d.send ? 'sent' : d.reason))).toEqual(['sent', 'sent']);
  });
});

describe('company SMS limit', () => {
  it('counts sent and still-queued messages, and the contacts of one alert against each other', () => {
    const now = new Date('2026-03-10T04:00:00Z');
    const l = ledger();
    const d = alert(l, now, 1, 'A', ['13900000001', '13900000002', '13900000003'], { smsCount: 7, smsLimit: 10, pending: 1 });
    expect(d.map((x) => (x.send ? 'sent' : x.reason))).toEqual(['sent', 'sent', 'company_limit']);
  });

  it('suppresses everything at the limit and decides a duplicated contact once', () => {
    const now = new Date('2026-03-10T04:00:00Z');
    const d = alert(ledger(), now, 1, 'A', ['13900000001', '+8613900000001'], { smsCount: 10, smsLimit: 10 });
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ send: false, reason: 'company_limit' });
  });
});

describe('message text', () => {
  it('uses the company signature only when approved', () => {
    expect(signatureFor({ sms_signature: '安心物业', sms_signature_enabled: 1 })).toBe('安心物业');
    expect(signatureFor({ sms_signature: '安心物业', sms_signature_enabled: 0 })).toBe('LiftGuard');
    expect(signatureFor({ sms_signature: '安心物业', sms_signature_enabled: -1 })).toBe('LiftGuard');
    const text = composeFaultSms({
      signature: '安心物业',
      domestic: true,
      liftName: '1号梯',
      location: '阳光小区 1栋',
      faultName: '平层困人',
      floor: '5',
      occurredAt: new Date('2026-03-10T15:30:00Z'),
    });
    expect(text).toBe('【安心物业】电梯 1号梯 (阳光小区 1栋) 于 03-10 23:30 发生故障：平层困人，楼层 5。请尽快处理。');
  });
});
