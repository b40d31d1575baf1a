import { describe, expect, it } from 'vitest';
import { checkFields, parseDay } from './service.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as { code?: number }).code ?? 'not an AppError';
  }
};

describe('maintenance record rules', () => {
  const now = new Date('2026-03-31T23:00:00Z');

  it('parses real calendar days only', () => {
    expect(parseDay('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2026-2-1')).toBeNull();
  });

  it('trims texts, empty remark becomes null', () => {
    expect(checkFields({ person: ' Wang ', content: ' oil ', remark: '  ', date: '2026-03-01', type: 'repair' }, now)).toEqual({
      person: 'Wang',
      content: 'oil',
      remark: null,
      done_on: '2026-03-01',
      type: 'repair',
    });
  });

  it('answers catalogued codes', () => {
    expect(code(() => checkFields({ person: ' ' }, now))).toBe(4148);
    expect(code(() => checkFields({ content: '' }, now))).toBe(4148);
    expect(code(() => checkFields({ date: '' }, now))).toBe(4144);
    expect(code(() => checkFields({ date: '1969-12-31' }, now))).toBe(4001);
    // one day of slack for browsers east of UTC, not two
    expect(code(() => checkFields({ date: '2026-04-01' }, now))).toBeNull();
    expect(code(() => checkFields({ date: '2026-04-02' }, now))).toBe(4171);
  });

  it('leaves fields that are not sent alone (partial update)', () => {
    expect(checkFields({}, now)).toEqual({});
  });
});
