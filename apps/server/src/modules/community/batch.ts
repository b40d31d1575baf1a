import { BATCH_MAX } from '@liftguard/contract';
import { AppError } from '../../platform/errors.ts';

/**
 * Names for a batch of buildings or units (SPEC.md §5): prefix + number + suffix for every number
 * of every range. End below start → 4123; a number in two ranges → 4124; a name that exists → 4125.
 */
export function batchNames(
  input: { ranges: ReadonlyArray<{ start: number; end: number }>; prefix: string; suffix: string },
  existing: ReadonlySet<string>,
): string[] {
  const seen = new Set<number>();
  let count = 0;
  for (const r of input.ranges) {
    if (r.end < r.start) throw new AppError(4123, { start: r.start, end: r.end });
    count += r.end - r.start + 1;
    if (count > BATCH_MAX) throw new AppError(4133);
    for (let n = r.start; n <= r.end; n++) {
      if (seen.has(n)) throw new AppError(4124, { number: n });
      seen.add(n);
    }
  }
  const names = [...seen].map((n) => `${input.prefix}${n}${input.suffix}`);
  const taken = names.filter((n) => existing.has(n));
  if (taken.length) throw new AppError(4125, { names: taken.slice(0, 20) });
  return names;
}
