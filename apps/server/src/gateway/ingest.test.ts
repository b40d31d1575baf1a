import { ZU01Status } from '@liftguard/contract';
import { describe, expect, it } from 'vitest';
import { fastU01 } from './ingest.ts';

const ok = { mid: 'm1', ts: 1_700_000_000_000, floor: 3, floor_display: '3', direction: 'up', door: 'closed', run_state: 'normal' };

// every value the fast path sees must get the verdict and the output of the zod contract
const cases: unknown[] = [
  ok,
  { ...ok, occupied: true },
  { ...ok, speed: 1.5, extra: 'dropped' },
  { ...ok, speed: 0 },
  { ...ok, speed: 20.5 },
  { ...ok, speed: null },
  { ...ok, speed: '1' },
  { ...ok, occupied: 'yes' },
  { ...ok, occupied: null },
  { ...ok, mid: '' },
  { ...ok, mid: 'x'.repeat(64) },
  { ...ok, mid: 'x'.repeat(65) },
  { ...ok, mid: 7 },
  { ...ok, ts: -1 },
  { ...ok, ts: 1.5 },
  { ...ok, ts: '1' },
  { ...ok, floor: 64 },
  { ...ok, floor: -64 },
  { ...ok, floor: 65 },
  { ...ok, floor: -65 },
  { ...ok, floor: 2.5 },
  { ...ok, floor_display: '12345678' },
  { ...ok, floor_display: '123456789' },
  { ...ok, floor_display: 3 },
  { ...ok, direction: 'sideways' },
  { ...ok, door: 'ajar' },
  { ...ok, run_state: 'flying' },
  { ...ok, run_state: 'descending' },
  { ...ok, direction: undefined },
  [ok],
  null,
  'U01',
  42,
  {},
];

describe('U01 fast path', () => {
  it.each(cases.map((c, i) => [i, c]))('case %i agrees with ZU01Status', (_i, c) => {
    const zod = ZU01Status.safeParse(c);
    const fast = fastU01(c);
    // the fast path may refuse what zod accepts (zod then decides), never the other way round
    if (fast !== null) {
      expect(zod.success).toBe(true);
      expect(fast).toStrictEqual(zod.data);
    }
  });

  it('takes the ordinary reports without zod', () => {
    expect(fastU01(ok)).toStrictEqual({ ...ok, occupied: false });
    expect(fastU01({ ...ok, occupied: true, speed: 1.5, extra: 1 })).toStrictEqual({ ...ok, occupied: true, speed: 1.5 });
    expect(fastU01({ ...ok, floor: 99 })).toBeNull();
  });
});
