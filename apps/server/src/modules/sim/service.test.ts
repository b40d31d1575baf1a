import { bsCarrier, imsiCarrier, imsiMatchesBs } from '@liftguard/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { checkSim, rowToSimForm } from './service.ts';

const none = { imsi: new Set<string>(), bs: new Set<string>() };
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : -1;
  }
};

describe('SIM rules', () => {
  it('reads the carrier from the IMSI and the BS number', () => {
    expect(imsiCarrier('460001234567890')).toBe('cmcc');
    expect(imsiCarrier('460011234567890')).toBe('cucc');
    expect(imsiCarrier('460111234567890')).toBe('ctcc');
    expect(imsiCarrier('310260000000000')).toBeNull();
    expect(bsCarrier('1440123456789')).toBe('cmcc');
    expect(bsCarrier('13800000000')).toBe('cmcc');
    expect(bsCarrier('18600000000')).toBe('cucc');
    expect(imsiMatchesBs('460001234567890', '18600000000')).toBe(false);
    expect(imsiMatchesBs('310260000000000', '18600000000')).toBe(true);
  });
  it('checks IMSI format (4150) and uniqueness (4096)', () => {
    expect(codeOf(() => checkSim({ imsi: '46000123' }, null, none))).toBe(4150);
    expect(codeOf(() => checkSim({ imsi: '460001234567890' }, null, { ...none, imsi: new Set(['460001234567890']) }))).toBe(4096);
    expect(checkSim({ imsi: '460001234567890' }, null, none).carrier).toBe('cmcc');
  });
  it('checks BS format (4151), uniqueness (4094) and the IMSI/BS carrier match (4095)', () => {
    expect(codeOf(() => checkSim({ imsi: '460001234567890', bs_number: '12ab' }, null, none))).toBe(4151);
    expect(
      codeOf(() => checkSim({ imsi: '460001234567890', bs_number: '1440123456789' }, null, { ...none, bs: new Set(['1440123456789']) })),
    ).toBe(4094);
    expect(codeOf(() => checkSim({ imsi: '460001234567890', bs_number: '18600000000' }, null, none))).toBe(4095);
    expect(codeOf(() => checkSim({ imsi: '460001234567890', carrier: 'ctcc' }, null, none))).toBe(4095);
    expect(checkSim({ imsi: '460001234567890', bs_number: '1440123456789' }, null, none).bs_number).toBe('1440123456789');
  });
  it('re-checks the match when only the BS number of a stored card changes', () => {
    expect(codeOf(() => checkSim({ bs_number: '18600000000' }, { imsi: '460001234567890', bs_number: null }, none))).toBe(4095);
  });
  it('reads import rows with carrier names in Chinese and refuses unknown states', () => {
    const row = (v: Record<string, string>) => (c: string) => v[c] ?? '';
    expect(rowToSimForm(row({ imsi: '460001234567890', carrier: '中国移动', open_date: '2026-01-01' })).carrier).toBe('cmcc');
    expect(codeOf(() => rowToSimForm(row({ imsi: '460001234567890', state: 'weird' })))).toBe(4001);
    expect(codeOf(() => rowToSimForm(row({ imsi: '460001234567890', open_date: '01/02/2026' })))).toBe(4001);
  });
});
