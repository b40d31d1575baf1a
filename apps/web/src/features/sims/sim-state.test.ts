import { SIM_STATES } from '@liftguard/contract/registry/sim';
import { describe, expect, it } from 'vitest';
import { checkSimForm, SIM_STATE_COLOUR, simFieldOfCode, toSimBody, trafficPercent } from './sim-state.ts';

describe('SIM card helpers', () => {
  it('has a tag colour for every state, derived ones included', () => {
    for (const s of SIM_STATES) expect(SIM_STATE_COLOUR[s]).toBeTruthy();
  });

  it('reads the traffic share, capped at 100, none without a package total', () => {
    expect(trafficPercent({ traffic_total_mb: 1000, traffic_used_mb: 905 })).toBe(91);
    expect(trafficPercent({ traffic_total_mb: 100, traffic_used_mb: 250 })).toBe(100);
    expect(trafficPercent({ traffic_total_mb: null, traffic_used_mb: 5 })).toBeNull();
  });

  it('checks IMSI and BS numbers like the server (4150, 4151, 4095)', () => {
    expect(checkSimForm({ imsi: '460001234567890', bs_number: '13800000000' })).toEqual([]);
    expect(checkSimForm({ imsi: '46000123' })).toEqual([{ field: 'imsi', code: 4150 }]);
    expect(checkSimForm({ imsi: '460001234567890', bs_number: '12ab' })).toEqual([{ field: 'bs_number', code: 4151 }]);
    // China Mobile IMSI with a China Telecom number
    expect(checkSimForm({ imsi: '460001234567890', bs_number: '18900000000' })).toEqual([{ field: 'bs_number', code: 4095 }]);
  });

  it('maps failures to fields and builds the body', () => {
    expect(simFieldOfCode(4096)).toBe('imsi');
    expect(simFieldOfCode(4094)).toBe('bs_number');
    expect(toSimBody({ imsi: ' 460001234567890 ', bs_number: '' })).toMatchObject({
      imsi: '460001234567890',
      bs_number: null,
      state: 'normal',
    });
  });
});
