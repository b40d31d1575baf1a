import type { Database } from '../platform/db.ts';

/**
 * Online/offline of terminals: online on connection or any message, offline on disconnection
 * (embedded broker) or after `timeoutMs` without a message. The terminal row holds the truth
 * (`online`, `last_seen_at`) so several instances agree; memory only spares queries.
 */
export class Presence {
  private lastSeen = new Map<string, number>();
  private online = new Set<string>();
  private timer: NodeJS.Timeout;
  private pending = new Map<string, boolean>();
  private scheduled = false;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private db: Database,
    private timeoutMs: number,
    private onChange: (terminalId: string, online: boolean) => void,
    private onError: (err: unknown) => void = () => undefined,
  ) {
    this.timer = setInterval(() => void this.sweep(), Math.max(200, Math.min(5000, Math.floor(timeoutMs / 4))));
    this.timer.unref();
  }

  isOnline(terminalId: string): boolean {
    return this.online.has(terminalId);
  }

  get onlineCount(): number {
    return this.online.size;
  }

  /** any sign of life */
  seen(terminalId: string): void {
    this.lastSeen.set(terminalId, Date.now());
    if (!this.online.has(terminalId)) void this.set(terminalId, true);
  }

  disconnected(terminalId: string): void {
    this.lastSeen.delete(terminalId);
    if (this.online.has(terminalId)) void this.set(terminalId, false);
  }

  /** another instance reported a change */
  adopt(terminalId: string, online: boolean): void {
    if (online) {
      this.online.add(terminalId);
      if (!this.lastSeen.has(terminalId)) this.lastSeen.set(terminalId, Date.now());
    } else {
      this.online.delete(terminalId);
      this.lastSeen.delete(terminalId);
    }
  }

  /**
   * Changes are written in batches (one statement per direction per tick): a fleet coming back
   * after a restart costs a few statements instead of one per terminal. A terminal flipping back
   * within one batch first flushes the batch, so every change is written and announced in order.
   */
  private set(terminalId: string, online: boolean): Promise<void> {
    if (online) this.online.add(terminalId);
    else this.online.delete(terminalId);
    const queued = this.pending.get(terminalId);
    if (queued !== undefined && queued !== online) void this.flushPending();
    this.pending.set(terminalId, online);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flushPending());
    }
    return this.writing;
  }

  private flushPending(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    if (batch.size === 0) return this.writing;
    this.pending = new Map();
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: Map<string, boolean>): Promise<void> {
    const up: string[] = [];
    const down: string[] = [];
    for (const [id, online] of batch) (online ? up : down).push(id);
    for (const [ids, online] of [
      [up, true],
      [down, false],
    ] as const) {
      for (let i = 0; i < ids.length; i += 1000) {
        try {
          const changed = await this.db
            .updateTable('terminal')
            .set(online ? { online: true, last_seen_at: new Date() } : { online: false })
            .where('terminal_id', 'in', ids.slice(i, i + 1000))
            .where('online', '=', !online)
            .returning('terminal_id')
            .execute();
          for (const r of changed) this.onChange(r.terminal_id, online);
        } catch (err) {
          this.onError(err);
        }
      }
    }
  }

  private async sweep(): Promise<void> {
    const limit = Date.now() - this.timeoutMs;
    for (const [terminalId, at] of this.lastSeen) {
      if (at < limit) {
        this.lastSeen.delete(terminalId);
        if (this.online.has(terminalId)) void this.set(terminalId, false);
      }
    }
    await this.flushPending();
  }

  /** terminals left online by a previous run with nobody to vouch for them go offline after the timeout */
  async sweepStale(): Promise<void> {
    try {
      const rows = await this.db
        .updateTable('terminal')
        .set({ online: false })
        .where('online', '=', true)
        .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', new Date(Date.now() - this.timeoutMs))]))
        .returning('terminal_id')
        .execute();
      for (const r of rows) {
        if (!this.online.has(r.terminal_id)) this.onChange(r.terminal_id, false);
      }
    } catch (err) {
      this.onError(err);
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
