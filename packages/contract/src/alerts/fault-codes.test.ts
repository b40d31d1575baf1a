import { describe, expect, it } from 'vitest';
import { ZU03Fault } from '../protocol/upstream.ts';
import { defaultFaultAlerting, FAULT_CODES, faultName, TRAPPED_CODES } from './fault-codes.ts';

describe('fault-code catalogue', () => {
  it('has unique codes and fault numbers that a terminal can send in U03', () => {
    expect(new Set(FAULT_CODES.map((f) => f.code)).size).toBe(FAULT_CODES.length);
    expect(new Set(FAULT_CODES.map((f) => f.no)).size).toBe(FAULT_CODES.length);
    for (const f of FAULT_CODES) expect(ZU03Fault.safeParse({ mid: 'm', ts: 1, code: f.code }).success).toBe(true);
  });

  it('names and explains every code in zh-CN, en-US and pt-PT', () => {
    for (const f of FAULT_CODES) {
      for (const l of ['zh-CN', 'en-US', 'pt-PT'] as const) {
        expect(f.name[l].length, `${f.code} ${l}`).toBeGreaterThan(1);
        expect(f.meaning[l].length, `${f.code} ${l}`).toBeGreaterThan(5);
      }
      expect(f.name['zh-CN']).not.toBe(f.name['en-US']);
    }
  });

  it('covers the faults of the issue, including several escalator faults', () => {
    for (const code of [
      'TRAP_FLOOR',
      'TRAP_BETWEEN',
      'DOOR_OPEN_RUN',
      'MOVE_DOOR_OPEN',
      'OVERSPEED',
      'HIT_TOP',
      'HIT_BOTTOM',
      'STOP_OUT_ZONE',
      'POWER_CUT',
      'SAFETY_OPEN',
      'DOORLOCK_OPEN',
      'DOOR_OPEN_FAIL',
      'DOOR_CLOSE_FAIL',
      'DOOR_BLOCKED',
      'FLOOR_LOST',
      'MOTOR_LIMITER',
      'ALARM_BUTTON',
    ]) {
      expect(
        FAULT_CODES.some((f) => f.code === code),
        code,
      ).toBe(true);
    }
    expect(FAULT_CODES.filter((f) => f.applies === 'escalator').length).toBeGreaterThanOrEqual(4);
  });

  it('alerts by SMS by default for trapped and safety codes only, and reads unknown codes as themselves', () => {
    expect(TRAPPED_CODES).toEqual(expect.arrayContaining(['TRAP_FLOOR', 'TRAP_BETWEEN']));
    expect(defaultFaultAlerting('TRAP_FLOOR')).toEqual({ screen: true, sms: true });
    expect(defaultFaultAlerting('SAFETY_OPEN')).toEqual({ screen: true, sms: true });
    expect(defaultFaultAlerting('DOOR_BLOCKED')).toEqual({ screen: true, sms: false });
    expect(defaultFaultAlerting('ZZZ')).toEqual({ screen: true, sms: false });
    expect(faultName('ZZZ', 'en-US')).toBe('ZZZ');
  });
});
