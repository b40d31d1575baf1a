import { describe, expect, it } from 'vitest';
import { faultCodeOptions, faultText } from './catalogue.ts';

describe('fault names from the contract catalogue', () => {
  it('names and explains a code in each language, and reads an unknown code as itself', () => {
    expect(faultText('TRAP_FLOOR', 'zh-CN').name).toBe('平层困人');
    expect(faultText('TRAP_FLOOR', 'en-US').name).not.toBe(faultText('TRAP_FLOOR', 'pt-PT').name);
    for (const l of ['zh-CN', 'en-US', 'pt-PT'] as const) expect(faultText('TRAP_FLOOR', l).meaning.length).toBeGreaterThan(3);
    expect(faultText('X_NEW_CODE', 'en-US')).toEqual({ name: 'X_NEW_CODE', meaning: '', no: 'X_NEW_CODE' });
  });

  it('offers every catalogued code with its number for the code filter', () => {
    const opts = faultCodeOptions('en-US');
    expect(opts.length).toBeGreaterThanOrEqual(17);
    expect(new Set(opts.map((o) => o.value)).size).toBe(opts.length);
    expect(opts.find((o) => o.value === 'TRAP_FLOOR')?.label).toMatch(/^\d+ /);
  });
});
