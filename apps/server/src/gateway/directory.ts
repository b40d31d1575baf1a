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
 * Terminal → lift lookups with a short cache: the registry publishes Channels.terminalChanged
 * when it binds, unbinds or re-keys a terminal, and the TTL catches anything else.
 */
export class TerminalDirectory {
  private cache = new Map<string, { entry: TerminalEntry | null; at: number }>();
  constructor(
    private db: Database,
    private ttlMs = 60_000,
  ) {}

  async get(terminalId: string): Promise<TerminalEntry | null> {
    const hit = this.cache.get(terminalId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.entry;
    const entry = await this.load(terminalId);
    this.cache.set(terminalId, { entry, at: Date.now() });
    return entry;
  }

  /** cached entry without a query (may be stale or absent) */
  peek(terminalId: string): TerminalEntry | null | undefined {
    return this.cache.get(terminalId)?.entry;
  }

  forget(terminalId?: string): void {
    if (terminalId) this.cache.delete(terminalId);
    else this.cache.clear();
  }

  private async load(terminalId: string): Promise<TerminalEntry | null> {
    const row = await this.db
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
      .where('t.terminal_id', '=', terminalId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      terminalId: row.terminal_id,
      type: row.type,
      secretHash: row.mqtt_secret_hash,
      liftId: row.lift_id ?? null,
      liftName: row.lift_name ?? null,
      companyId: row.lift_company_id ?? row.terminal_company_id ?? null,
      scope: row.path ?? null,
      expireAt: row.expire_at ? new Date(row.expire_at).getTime() : null,
      isVirtual: row.is_virtual ?? false,
    };
  }
}

/** A lift past its monitor expiry shows offline whatever its terminal does (SPEC.md §4). */
export const isExpired = (entry: TerminalEntry | null | undefined, now = Date.now()): boolean =>
  entry?.expireAt != null && entry.expireAt <= now;
