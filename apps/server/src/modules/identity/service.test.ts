import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { codeMatches, hashCode, newCode, normaliseTarget } from './service.ts';

const codeOf = (fn: () => unknown): number | undefined => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : undefined;
  }
  return undefined;
};

describe('code targets', () => {
  it('accepts mainland mobile numbers and refuses others with 4098', () => {
    expect(normaliseTarget('sms', ' 13912345678 ')).toBe('13912345678');
    for (const bad of ['1391234567', '12912345678', '+8613912345678', 'abc']) expect(codeOf(() => normaliseTarget('sms', bad))).toBe(4098);
  });

  it('lower-cases email addresses and refuses malformed ones with 4099', () => {
    expect(normaliseTarget('email', 'Ops@Example.COM')).toBe('ops@example.com');
    for (const bad of ['ops', 'ops@example', '@example.com', 'a b@example.com'])
      expect(codeOf(() => normaliseTarget('email', bad))).toBe(4099);
  });
});

describe('codes', () => {
  it('draws six digits', () => {
    for (let i = 0; i < 50; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it('stores a salted hash that matches only the right code', () => {
    const stored = hashCode('042137');
    // salt:digest in hex, never the code itself (a substring check would fail by chance: a random
    // 80-digit hex string holds any given 6 digits about once in 230,000 runs — it happened in CI)
    expect(stored).toMatch(/^[0-9a-f]{16}:[0-9a-f]{64}$/);
    expect(codeMatches(stored, '042137')).toBe(true);
    expect(codeMatches(stored, '042138')).toBe(false);
    expect(hashCode('042137')).not.toBe(stored); // a fresh salt each time
  });
});
