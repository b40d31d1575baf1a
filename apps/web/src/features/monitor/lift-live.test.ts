import type { TLiveEvent } from '@liftguard/contract/live/messages';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, EMPTY_LIVE, shaftFloors } from './lift-live.ts';

const ev = (action: TLiveEvent['action'], data: Record<string, unknown>, timestamp = 1000): TLiveEvent => ({
  action,
  terminal_id: 'T1',
  lift_id: 1,
  timestamp,
  data,
});

describe('lift live state', () => {
  it('follows status reports floor by floor, keeping fields a report leaves out', () => {
    let s = applyLiveEvent(
      EMPTY_LIVE,
      ev('up_report_status', { floor: 3, floor_display: '3', direction: 'up', door: 'closed', run_state: 'normal', occupied: true }),
    );
    expect(s.status).toMatchObject({ floor: 3, direction: 'up', door: 'closed' });
    expect(s.online).toBe(true);
    s = applyLiveEvent(s, ev('up_report_status', { floor: 4, floor_display: '4', door: 'opening' }, 2000));
    expect(s.status).toEqual({ floor: 4, floor_display: '4', direction: 'up', door: 'opening', run_state: 'normal', occupied: true });
    expect(s.statusAt).toBe(2000);
    // a value outside the protocol does not replace a good one
    s = applyLiveEvent(s, ev('up_report_status', { floor: 4, door: 'exploded' }));
    expect(s.status?.door).toBe('opening');
  });

  it('adds and clears faults by code, and goes offline on onoff', () => {
    let s = applyLiveEvent(EMPTY_LIVE, ev('up_report_fault', { code: 'E01', trapped: true }));
    s = applyLiveEvent(s, ev('addF', { code: 'E01', trapped: true }));
    expect(s.faults).toEqual(['E01']);
    expect(s.trapped).toBe(true);
    s = applyLiveEvent(s, ev('up_solve_fault', { code: 'E01' }));
    expect(s.faults).toEqual([]);
    expect(s.trapped).toBe(false);
    s = applyLiveEvent({ ...s, online: true }, ev('onoff', { online: false }));
    expect(s.online).toBe(false);
  });

  it('keeps a lift past its monitor expiry offline even while it reports', () => {
    const expired = { ...EMPTY_LIVE, expired: true };
    const s = applyLiveEvent(expired, ev('up_report_status', { floor: 2, floor_display: '2' }));
    expect(s.status?.floor).toBe(2);
    expect(s.online).toBe(false);
    expect(applyLiveEvent(expired, ev('onoff', { online: true })).online).toBe(false);
  });

  it('draws the shaft top floor first, basements as B1…', () => {
    expect(shaftFloors(3, 2).map((f) => f.label)).toEqual(['3', '2', '1', 'B1', 'B2']);
    expect(shaftFloors(2, 1, ['-1', '1', '2']).map((f) => [f.floor, f.label])).toEqual([
      [2, '2'],
      [1, '1'],
      [-1, '-1'],
    ]);
  });
});
