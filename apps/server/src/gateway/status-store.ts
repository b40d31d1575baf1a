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
 * batches (every `flushMs`), so thousands of reports a second cost a few statements.
 */
export class StatusStore {
  private pending: HistoryRow[] = [];
  private seen = new Set<string>();
  private runStates = new Map<string, string>();
  private lastKey = new Map<number, string>();
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  stored = 0;
  failures = 0;

  constructor(
    private db: Database,
    flushMs = 1000,
    private onError: (err: unknown) => void = () => undefined,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** Returns true when the report is a change worth storing. */
  record(liftId: number | null, terminalId: string, s: TU01Status, at: Date): boolean {
    this.seen.add(terminalId);
    if (liftId === null) return false;
    const key = `${s.floor}|${s.floor_display}|${s.direction}|${s.door}|${s.run_state}|${s.occupied}`;
    if (this.lastKey.get(liftId) === key) return false;
    if (this.lastKey.get(liftId)?.split('|')[4] !== s.run_state) this.runStates.set(terminalId, s.run_state);
    this.lastKey.set(liftId, key);
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
    this.seen.add(terminalId);
  }

  get backlog(): number {
    return this.pending.length;
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow());
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const rows = this.pending;
    const seen = [...this.seen];
    const runStates = [...this.runStates];
    this.pending = [];
    this.seen = new Set();
    this.runStates = new Map();
    try {
      for (let i = 0; i < rows.length; i += 2000) {
        await this.db
          .insertInto('lift_status_history')
          .values(rows.slice(i, i + 2000))
          .execute();
      }
      this.stored += rows.length;
      for (let i = 0; i < seen.length; i += 5000) {
        await this.db
          .updateTable('terminal')
          .set({ last_seen_at: sql`now()` })
          .where('terminal_id', 'in', seen.slice(i, i + 5000))
          .execute();
      }
      for (const [terminalId, runState] of runStates) {
        await this.db.updateTable('terminal').set({ run_state: runState }).where('terminal_id', '=', terminalId).execute();
      }
    } catch (err) {
      this.failures++;
      this.onError(err);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
