import { describe, expect, it } from 'vitest';
import { blockFor } from './rate-limit.ts';

describe('failure blocks', () => {
  const policy = { limit: 5, windowMs: 3_600_000, blockMs: 60_000, maxBlockMs: 900_000 };

  it('starts at the limit, doubles, and stops at the cap', () => {
    expect([4, 5, 6, 7, 8, 9, 50].map((n) => blockFor(policy, n) / 60_000)).toEqual([0, 1, 2, 4, 8, 15, 15]);
  });
});
