import { BATCH_MAX } from '@liftguard/contract/org/community';

/**
 * Client-side mirror of the server's batch rules (SPEC.md §5; apps/server/src/modules/community/batch.ts):
 * names are prefix + number + suffix for every number of every range.
 */
export type BatchInput = { ranges: ReadonlyArray<{ start?: number | null; end?: number | null }>; prefix?: string; suffix?: string };

export type BatchCheck =
  | { ok: true; names: string[] }
  | {
      ok: false;
      problem: 'empty' | 'endBeforeStart' | 'numberTwice' | 'tooMany' | 'nameExists';
      range?: number;
      number?: number;
      names?: string[];
    };

export function checkBatch(input: BatchInput, existing: Iterable<string>): BatchCheck {
  if (!input.ranges.length) return { ok: false, problem: 'empty' };
  const seen = new Set<number>();
  let count = 0;
  for (const [i, r] of input.ranges.entries()) {
    if (r.start === null || r.start === undefined || r.end === null || r.end === undefined)
      return { ok: false, problem: 'empty', range: i };
    if (r.end < r.start) return { ok: false, problem: 'endBeforeStart', range: i };
    count += r.end - r.start + 1;
    if (count > BATCH_MAX) return { ok: false, problem: 'tooMany', range: i };
    for (let n = r.start; n <= r.end; n++) {
      if (seen.has(n)) return { ok: false, problem: 'numberTwice', range: i, number: n };
      seen.add(n);
    }
  }
  const prefix = input.prefix?.trim() ?? '';
  const suffix = input.suffix?.trim() ?? '';
  const names = [...seen].map((n) => `${prefix}${n}${suffix}`);
  const taken = new Set(existing);
  const dup = names.filter((n) => taken.has(n));
  if (dup.length) return { ok: false, problem: 'nameExists', names: dup };
  return { ok: true, names };
}
