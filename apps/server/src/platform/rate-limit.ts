import { sql } from 'kysely';
import type { Database } from './db.ts';

/**
 * Counters in the `rate_counter` table, so limits hold across server instances.
 * Every function takes `now` from the caller's clock; no SQL `now()` is used, so tests can move time.
 *
 * Two shapes:
 * - failures (sign-in, code checks): count failures in a window; at `limit` failures the key is
 *   blocked for `blockMs`, doubling with each further failure up to `maxBlockMs`. Calls made while
 *   blocked are refused before any work and are not counted, so hammering cannot extend a block.
 * - quotas (sending codes): at most `limit` uses per window and at least `minGapMs` between two uses.
 */
export type FailurePolicy = {
  /** failures are counted from the first one for this long, then the count starts again */
  windowMs: number;
  /** failures allowed before the first block */
  limit: number;
  /** length of the first block; each further failure doubles it */
  blockMs: number;
  maxBlockMs: number;
};

export type QuotaPolicy = { limit: number; windowMs: number; minGapMs: number };

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The latest moment until which any of `keys` is blocked, or null when none is blocked at `now`. */
export async function blockedUntil(db: Database, keys: readonly string[], now: Date): Promise<Date | null> {
  if (keys.length === 0) return null;
  const rows = await db
    .selectFrom('rate_counter')
    .select('blocked_until')
    .where('key', 'in', [...keys])
    .where('blocked_until', '>', now)
    .execute();
  let latest: Date | null = null;
  for (const r of rows) {
    const at = r.blocked_until ? new Date(r.blocked_until) : null;
    if (at && (!latest || at > latest)) latest = at;
  }
  return latest;
}

/** The block that `count` failures earn under `policy` (0 while under the limit). */
export function blockFor(policy: FailurePolicy, count: number): number {
  if (count < policy.limit) return 0;
  const doublings = Math.min(count - policy.limit, 30);
  return Math.min(policy.maxBlockMs, policy.blockMs * 2 ** doublings);
}

/** Count one failure for `key`; blocks the key when the policy says so. */
export async function recordFailure(
  db: Database,
  key: string,
  policy: FailurePolicy,
  now: Date,
): Promise<{ count: number; blockedUntil: Date | null }> {
  const cutoff = new Date(now.getTime() - policy.windowMs);
  const row = await sql<{ count: number }>`
    insert into rate_counter as r (key, window_start, count, blocked_until)
    values (${key}, ${ts(now)}, 1, null)
    on conflict (key) do update set
      count = case when r.window_start <= ${ts(cutoff)} then 1 else r.count + 1 end,
      window_start = case when r.window_start <= ${ts(cutoff)} then ${ts(now)} else r.window_start end,
      blocked_until = case when r.window_start <= ${ts(cutoff)} then null else r.blocked_until end
    returning count`.execute(db);
  const count = Number(row.rows[0]?.count ?? 1);
  const ms = blockFor(policy, count);
  if (ms === 0) return { count, blockedUntil: null };
  const until = new Date(now.getTime() + ms);
  await db.updateTable('rate_counter').set({ blocked_until: until }).where('key', '=', key).execute();
  return { count, blockedUntil: until };
}

/** Forget the failures of `key` (a successful sign-in resets its account counter). */
export async function clearCounter(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_counter').where('key', '=', key).execute();
}

export type QuotaResult = { ok: true; count: number } | { ok: false; reason: 'gap' | 'limit'; retryAt: Date };

/**
 * Use one unit of the quota of `key` if the policy allows it at `now`. Atomic: two concurrent
 * calls cannot both pass the gap (the conditional upsert is one statement).
 */
export async function consumeQuota(db: Database, key: string, policy: QuotaPolicy, now: Date): Promise<QuotaResult> {
  const cutoff = new Date(now.getTime() - policy.windowMs);
  const gapUntil = new Date(now.getTime() + policy.minGapMs);
  const res = await sql<{ count: number }>`
    insert into rate_counter as r (key, window_start, count, blocked_until)
    values (${key}, ${ts(now)}, 1, ${ts(gapUntil)})
    on conflict (key) do update set
      count = case when r.window_start <= ${ts(cutoff)} then 1 else r.count + 1 end,
      window_start = case when r.window_start <= ${ts(cutoff)} then ${ts(now)} else r.window_start end,
      blocked_until = ${ts(gapUntil)}
    where (r.blocked_until is null or r.blocked_until <= ${ts(now)})
      and (r.window_start <= ${ts(cutoff)} or r.count < ${policy.limit})
    returning count`.execute(db);
  const used = res.rows[0];
  if (used) return { ok: true, count: Number(used.count) };
  const row = await db.selectFrom('rate_counter').select(['window_start', 'blocked_until']).where('key', '=', key).executeTakeFirst();
  const blocked = row?.blocked_until ? new Date(row.blocked_until) : null;
  if (blocked && blocked > now) return { ok: false, reason: 'gap', retryAt: blocked };
  const windowEnd = row ? new Date(new Date(row.window_start).getTime() + policy.windowMs) : now;
  return { ok: false, reason: 'limit', retryAt: windowEnd };
}

/** Drop counters that no longer hold anything: not blocked and with a window that began before `before`. */
export async function purgeCounters(db: Database, now: Date, before: Date): Promise<number> {
  const res = await db
    .deleteFrom('rate_counter')
    .where('window_start', '<', before)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
