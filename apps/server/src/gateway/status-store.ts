import type { TU01Status } from '@liftguard/contract';
import { sql } from 'kysely';
import type { Database } from '../platform/db.ts';

type HistoryRow = {
  lift_id: number;
  terminal_id: string;
  at: Date;
  floor: number;
  floor_display: string;
  direction: string;
  door: string;
  run_state: string;
  occupied: boolean;
};

/**
 * Status is kept live in memory and stored as changes: a report equal to the last stored one
 * for the lift is not written again. Changes, last-seen times and run states are flushed in
 * batches (every `flushMs`), so thousands of reports a second cost a few statements: the rows
 * go in as one array parameter per column (`unnest`), not nine parameters per row, and a
 * terminal's `last_seen_at` is written at most every `touchEveryMs` (well inside the offline
 * timeout, which is what reads it after a restart).
 */
export class StatusStore {
  private pending: HistoryRow[] = [];
  /** terminals heard from since their last_seen_at was last written: id → heard at */
  private seen = new Map<string, number>();
  /** when each terminal's last_seen_at was last written */
  private touched = new Map<string, number>();
  private runStates = new Map<string, string>();
  private last = new Map<number, { key: string; runState: string }>();
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  stored = 0;
  failures = 0;
  /** awaited before each batch statement: fault and help writes go first (set by the gateway) */
  yieldTo: () => Promise<void> = async () => undefined;

  constructor(
    private db: Database,
    flushMs = 1000,
    private onError: (err: unknown) => void = () => undefined,
    private touchEveryMs = 5000,
    /** rows per statement: embedded PGlite has one connection and a fault waits for the statement running, so smaller there */
    private chunkRows = 2000,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** Returns true when the report is a change worth storing. */
  record(liftId: number | null, terminalId: string, s: TU01Status, at: Date): boolean {
    this.seen.set(terminalId, at.getTime());
    if (liftId === null) return false;
    const key = `${s.floor}|${s.floor_display}|${s.direction}|${s.door}|${s.run_state}|${s.occupied}`;
    const last = this.last.get(liftId);
    if (last !== undefined && last.key === key) return false;
    if (last?.runState !== s.run_state) this.runStates.set(terminalId, s.run_state);
    this.last.set(liftId, { key, runState: s.run_state });
    this.pending.push({
      lift_id: liftId,
      terminal_id: terminalId,
      at,
      floor: s.floor,
      floor_display: s.floor_display,
      direction: s.direction,
      door: s.door,
      run_state: s.run_state,
      occupied: s.occupied,
    });
    return true;
  }

  touch(terminalId: string): void {
    this.seen.set(terminalId, Date.now());
  }

  get backlog(): number {
    return this.pending.length;
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow());
    return this.flushing;
  }

  /** all of them (shutdown, tests): the throttle of last_seen_at does not apply */
  private dueTouches(all: boolean): string[] {
    const now = Date.now();
    const due: string[] = [];
    for (const [id] of this.seen) {
      const t = this.touched.get(id);
      if (all || t === undefined || now - t >= this.touchEveryMs) {
        due.push(id);
        this.seen.delete(id);
        this.touched.set(id, now);
      }
    }
    return due;
  }

  private async flushNow(all = false): Promise<void> {
    const rows = this.pending;
    const seen = this.dueTouches(all);
    const runStates = [...this.runStates];
    this.pending = [];
    this.runStates = new Map();
    try {
      await this.inParts(rows, this.chunkRows, (part) =>
        sql`
          insert into lift_status_history (lift_id, terminal_id, at, floor, floor_display, direction, door, run_state, occupied)
          select * from unnest(
            ${part.map((r) => r.lift_id)}::integer[], ${part.map((r) => r.terminal_id)}::text[],
            ${part.map((r) => r.at.toISOString())}::timestamptz[], ${part.map((r) => r.floor)}::integer[],
            ${part.map((r) => r.floor_display)}::text[], ${part.map((r) => r.direction)}::text[],
            ${part.map((r) => r.door)}::text[], ${part.map((r) => r.run_state)}::text[],
            ${part.map((r) => r.occupied)}::boolean[])`.execute(this.db),
      );
      this.stored += rows.length;
      // every terminal falls due about once per `touchEveryMs`: thousands at a time, in parts
      await this.inParts(seen, this.chunkRows * 5, (part) =>
        sql`update terminal set last_seen_at = now() where terminal_id = any(${part}::text[])`.execute(this.db),
      );
      await this.inParts(runStates, this.chunkRows, (part) =>
        sql`
          update terminal set run_state = v.run_state
          from unnest(${part.map((r) => r[0])}::text[], ${part.map((r) => r[1])}::text[]) as v(terminal_id, run_state)
          where terminal.terminal_id = v.terminal_id`.execute(this.db),
      );
    } catch (err) {
      this.failures++;
      this.onError(err);
    }
  }

  /** One statement per part of `size` items; between parts a turn of the event loop (messages waiting on the sockets), and before each, faults first. */
  private async inParts<T>(items: T[], size: number, write: (part: T[]) => Promise<unknown>): Promise<void> {
    for (let i = 0; i < items.length; i += size) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      await this.yieldTo();
      await write(items.slice(i, i + size));
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.flushing = this.flushing.then(() => this.flushNow(true));
    await this.flushing;
  }
}
