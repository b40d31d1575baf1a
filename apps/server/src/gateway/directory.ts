import type { Database } from '../platform/db.ts';

/** What the gateway needs to know about a terminal and the lift it is bound to. */
export type TerminalEntry = {
  terminalId: string;
  type: string;
  secretHash: string | null;
  liftId: number | null;
  liftName: string | null;
  /** company of the lift (or of the terminal when unbound) */
  companyId: number | null;
  /** company path of that company: the live channel's scope filter */
  scope: string | null;
  expireAt: number | null;
  isVirtual: boolean;
};

/**
 * Terminal → lift lookups, cached. The registry publishes Channels.terminalChanged when it binds,
 * unbinds or re-keys a terminal (→ forget). Past `ttlMs` an entry is still answered while a
 * refresh runs in the background, so a message never waits for the database because its entry
 * aged; only a terminal never seen (or forgotten) waits for its load.
 */
type Waiting = {
  promise: Promise<TerminalEntry | null>;
  resolvers: Array<{ resolve: (e: TerminalEntry | null) => void; reject: (err: unknown) => void }>;
};

export class TerminalDirectory {
  private cache = new Map<string, { entry: TerminalEntry | null; at: number }>();
  private inflight = new Map<string, Promise<TerminalEntry | null>>();
  private batch = new Map<string, Waiting>();
  private batchScheduled = false;
  private loading = false;
  constructor(
    private db: Database,
    private ttlMs = 60_000,
  ) {}

  get(terminalId: string): Promise<TerminalEntry | null> {
    const hit = this.cache.get(terminalId);
    if (hit) {
      if (Date.now() - hit.at >= this.ttlMs) void this.load(terminalId).catch(() => undefined);
      return Promise.resolve(hit.entry);
    }
    return this.load(terminalId);
  }

  /**
   * One query for every terminal missed while the previous query ran (at least one tick), and
   * one load per terminal in flight: a fleet signing in after a restart costs a few queries, not
   * one per connection, and the busier the database the larger each batch.
   */
  private load(terminalId: string): Promise<TerminalEntry | null> {
    let pending = this.inflight.get(terminalId);
    if (pending) return pending;
    let waiting = this.batch.get(terminalId);
    if (!waiting) {
      const w: Waiting = { promise: Promise.resolve(null), resolvers: [] };
      w.promise = new Promise<TerminalEntry | null>((resolve, reject) => w.resolvers.push({ resolve, reject }));
      waiting = w;
      this.batch.set(terminalId, w);
    }
    pending = waiting.promise;
    this.inflight.set(terminalId, pending);
    if (!this.batchScheduled && !this.loading) {
      this.batchScheduled = true;
      setImmediate(() => void this.loadBatches());
    }
    return pending;
  }

  private async loadBatches(): Promise<void> {
    this.batchScheduled = false;
    this.loading = true;
    try {
      while (this.batch.size > 0) {
        const batch = this.batch;
        this.batch = new Map();
        await this.loadBatch(batch);
      }
    } finally {
      this.loading = false;
    }
  }

  private async loadBatch(batch: Map<string, Waiting>): Promise<void> {
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      const part = ids.slice(i, i + 1000);
      try {
        const found = await this.query(part);
        const at = Date.now();
        for (const id of part) {
          const entry = found.get(id) ?? null;
          const w = batch.get(id) as Waiting;
          // forget(id) while the query ran drops it from inflight: the row may have changed since,
          // so answer the callers but do not cache
          if (this.inflight.get(id) === w.promise) {
            this.inflight.delete(id);
            this.cache.set(id, { entry, at });
          }
          for (const r of w.resolvers) r.resolve(entry);
        }
      } catch (err) {
        for (const id of part) {
          const w = batch.get(id) as Waiting;
          if (this.inflight.get(id) === w.promise) this.inflight.delete(id);
          for (const r of w.resolvers) r.reject(err);
        }
      }
    }
  }

  /** cached entry without a query (may be stale or absent) */
  peek(terminalId: string): TerminalEntry | null | undefined {
    return this.cache.get(terminalId)?.entry;
  }

  forget(terminalId?: string): void {
    if (terminalId) {
      this.cache.delete(terminalId);
      this.inflight.delete(terminalId);
    } else {
      this.cache.clear();
      this.inflight.clear();
    }
  }

  private async query(terminalIds: string[]): Promise<Map<string, TerminalEntry>> {
    const rows = await this.db
      .selectFrom('terminal as t')
      .leftJoin('lift as l', (j) => j.onRef('l.terminal_id', '=', 't.terminal_id').on('l.deleted_at', 'is', null))
      .leftJoin('company as c', (j) => j.on((eb) => eb('c.id', '=', eb.fn.coalesce('l.company_id', 't.company_id'))))
      .select([
        't.terminal_id',
        't.type',
        't.mqtt_secret_hash',
        't.company_id as terminal_company_id',
        'l.id as lift_id',
        'l.name as lift_name',
        'l.company_id as lift_company_id',
        'l.expire_at',
        'l.is_virtual',
        'c.path',
      ])
      .where('t.terminal_id', 'in', terminalIds)
      .execute();
    const out = new Map<string, TerminalEntry>();
    for (const row of rows)
      out.set(row.terminal_id, {
        terminalId: row.terminal_id,
        type: row.type,
        secretHash: row.mqtt_secret_hash,
        liftId: row.lift_id ?? null,
        liftName: row.lift_name ?? null,
        companyId: row.lift_company_id ?? row.terminal_company_id ?? null,
        scope: row.path ?? null,
        expireAt: row.expire_at ? new Date(row.expire_at).getTime() : null,
        isVirtual: row.is_virtual ?? false,
      });
    return out;
  }
}

/** A lift past its monitor expiry shows offline whatever its terminal does (SPEC.md §4). */
export const isExpired = (entry: TerminalEntry | null | undefined, now = Date.now()): boolean =>
  entry?.expireAt != null && entry.expireAt <= now;
