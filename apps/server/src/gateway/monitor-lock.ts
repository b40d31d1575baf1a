import { randomBytes } from 'node:crypto';
import { AppError } from '../platform/errors.ts';
import { createMemoryLockStore, type LockStore } from './lock-store.ts';

/**
 * Monitoring, rescue and file download of one lift are mutually exclusive (SPEC.md §4): one
 * holder at a time per lift. The holds live in a LockStore — in memory by default, on Redis
 * with REDIS_URL so every server instance sees them — under a lease, so a hold whose holder
 * died (or forgot to release) frees itself. The same holder may take its own hold again, which
 * renews the lease; `keep` renews it on a timer for as long as work runs in this process.
 */
export type MonitorActivity = 'monitor' | 'rescue' | 'file';

export type MonitorHold = { liftId: number; activity: MonitorActivity; holder: string; since: number; until: number };

export type AcquireResult = { ok: true; hold: MonitorHold } | { ok: false; blockedBy: MonitorHold };

type Token = { a: MonitorActivity; h: string; s: number; n: string };
const ACTIVITIES = new Set<string>(['monitor', 'rescue', 'file']);

const keyOf = (liftId: number) => `monitor:${liftId}`;
function parse(liftId: number, token: string, ttlMs: number): MonitorHold | null {
  try {
    const t = JSON.parse(token) as Token;
    if (!ACTIVITIES.has(t.a) || typeof t.h !== 'string') return null;
    return { liftId, activity: t.a, holder: t.h, since: Number(t.s) || 0, until: Date.now() + ttlMs };
  } catch {
    return null;
  }
}

/**
 * Why `wanted` cannot start while `blocking` holds the lift: in distress (rescue) 4058, being
 * monitored 4057 (operate / rescue) or 4059 (pull files), files being downloaded 4204.
 */
export function exclusionError(wanted: MonitorActivity, blocking: MonitorActivity): 4057 | 4058 | 4059 | 4204 {
  if (blocking === 'rescue') return 4058;
  if (blocking === 'file') return 4204;
  return wanted === 'file' ? 4059 : 4057;
}

export class MonitorLocks {
  constructor(
    readonly store: LockStore = createMemoryLockStore(),
    private defaultLeaseMs = 10 * 60_000,
  ) {}

  /** Take the lift for `activity`; the same holder and activity renews. Answers the blocking hold, if any. */
  async acquire(liftId: number, activity: MonitorActivity, holder: string, leaseMs = this.defaultLeaseMs): Promise<AcquireResult> {
    const key = keyOf(liftId);
    for (let attempt = 0; attempt < 3; attempt++) {
      const since = Date.now();
      const token = JSON.stringify({ a: activity, h: holder, s: since, n: randomBytes(6).toString('hex') } satisfies Token);
      const r = await this.store.acquire(key, token, leaseMs);
      if (r.ok) return { ok: true, hold: { liftId, activity, holder, since, until: since + leaseMs } };
      const current = parse(liftId, r.token, r.ttlMs);
      if (!current) {
        // unreadable holder (never written by this code): let its lease run out rather than steal it
        return { ok: false, blockedBy: { liftId, activity: 'monitor', holder: '?', since: 0, until: Date.now() + r.ttlMs } };
      }
      if (current.holder !== holder || current.activity !== activity) return { ok: false, blockedBy: current };
      if (await this.store.renew(key, r.token, leaseMs)) return { ok: true, hold: { ...current, until: Date.now() + leaseMs } };
      // the own hold ran out between the two calls: take it afresh
    }
    const now = Date.now();
    return { ok: false, blockedBy: { liftId, activity, holder, since: now, until: now } };
  }

  /** Take the lift or throw the exclusion error of the hold in the way (4057/4058/4059/4204). */
  async take(liftId: number, activity: MonitorActivity, holder: string, leaseMs = this.defaultLeaseMs): Promise<MonitorHold> {
    const r = await this.acquire(liftId, activity, holder, leaseMs);
    if (!r.ok) throw new AppError(exclusionError(activity, r.blockedBy.activity));
    return r.hold;
  }

  /** Release the holder's hold (whatever its activity); false when the holder does not hold the lift. */
  async release(liftId: number, holder: string): Promise<boolean> {
    const key = keyOf(liftId);
    const p = await this.store.peek(key);
    if (!p || parse(liftId, p.token, p.ttlMs)?.holder !== holder) return false;
    return this.store.release(key, p.token);
  }

  async current(liftId: number): Promise<MonitorHold | null> {
    const p = await this.store.peek(keyOf(liftId));
    return p ? parse(liftId, p.token, p.ttlMs) : null;
  }

  /**
   * Hold the lift while work runs in this process (a file download, a rescue): the lease is
   * renewed every third of `leaseMs`; `stop()` releases it. If this process dies, the lease
   * runs out and frees the lift. `onLost` is called when a renewal finds the hold gone.
   */
  async keep(
    liftId: number,
    activity: MonitorActivity,
    holder: string,
    opts: { leaseMs?: number; onLost?: () => void } = {},
  ): Promise<{ hold: MonitorHold; stop: () => Promise<void> }> {
    const leaseMs = opts.leaseMs ?? 60_000;
    const hold = await this.take(liftId, activity, holder, leaseMs);
    let stopped = false;
    const timer = setInterval(
      () => {
        void this.acquire(liftId, activity, holder, leaseMs).then(
          (r) => {
            if (!r.ok && !stopped) {
              stopped = true;
              clearInterval(timer);
              opts.onLost?.();
            }
          },
          () => undefined, // store unreachable: try again at the next tick, the lease covers two misses
        );
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    timer.unref();
    return {
      hold,
      stop: async () => {
        stopped = true;
        clearInterval(timer);
        await this.release(liftId, holder).catch(() => false);
      },
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
