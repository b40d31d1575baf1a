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

  private async set(terminalId: string, online: boolean): Promise<void> {
    if (online) this.online.add(terminalId);
    else this.online.delete(terminalId);
    try {
      const changed = await this.db
        .updateTable('terminal')
        .set(online ? { online: true, last_seen_at: new Date() } : { online: false })
        .where('terminal_id', '=', terminalId)
        .where('online', '=', !online)
        .returning('terminal_id')
        .executeTakeFirst();
      if (changed) this.onChange(terminalId, online);
    } catch (err) {
      this.onError(err);
    }
  }

  private async sweep(): Promise<void> {
    const limit = Date.now() - this.timeoutMs;
    for (const [terminalId, at] of this.lastSeen) {
      if (at < limit) {
        this.lastSeen.delete(terminalId);
        if (this.online.has(terminalId)) await this.set(terminalId, false);
      }
    }
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
