/**
 * Monitoring, rescue and file download of one lift are mutually exclusive (SPEC.md §4): one
 * holder at a time per lift. Held in memory by the instance that runs the gateway; a holder
 * that forgets to release is dropped after its lease.
 */
export type MonitorActivity = 'monitor' | 'rescue' | 'file';

export type MonitorHold = { liftId: number; activity: MonitorActivity; holder: string; since: number; until: number };

export class MonitorLocks {
  private holds = new Map<number, MonitorHold>();
  constructor(private defaultLeaseMs = 10 * 60_000) {}

  /** Take the lift for `activity`; the same holder may renew. Returns the hold that blocks, if any. */
  acquire(
    liftId: number,
    activity: MonitorActivity,
    holder: string,
    leaseMs = this.defaultLeaseMs,
  ): { ok: true; hold: MonitorHold } | { ok: false; blockedBy: MonitorHold } {
    const now = Date.now();
    const current = this.current(liftId, now);
    if (current && !(current.holder === holder && current.activity === activity)) return { ok: false, blockedBy: current };
    const hold = { liftId, activity, holder, since: current?.since ?? now, until: now + leaseMs };
    this.holds.set(liftId, hold);
    return { ok: true, hold };
  }

  release(liftId: number, holder: string): boolean {
    const current = this.holds.get(liftId);
    if (!current || current.holder !== holder) return false;
    this.holds.delete(liftId);
    return true;
  }

  current(liftId: number, now = Date.now()): MonitorHold | null {
    const hold = this.holds.get(liftId);
    if (!hold) return null;
    if (hold.until <= now) {
      this.holds.delete(liftId);
      return null;
    }
    return hold;
  }
}
