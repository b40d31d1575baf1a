import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  COMMAND_TTL_MS,
  type TCommand,
  type TCommandState,
  type TDownCommand,
  type TLiveEvent,
  ZCommandStateEvent,
} from '@liftguard/contract';
import type { Insertable } from 'kysely';
import { gatewayOf } from '../../gateway/index.ts';
import { type AuditEntry, writeAudit, writeAuditMany } from '../../platform/audit.ts';
import { Channels } from '../../platform/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import type { CommandTable } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repo.ts';

export type CommandOptions = {
  /** lifetime of a lift command (default COMMAND_TTL_MS, 30 s) */
  ttlMs: number;
  /** an online terminal that has not acknowledged within this time → timed_out (default 10 s) */
  ackTimeoutMs: number;
  /** lifetime of an update command: download and install take longer (default 10 min) */
  updateTtlMs: number;
  /** wait after the expiry before deciding expired / timed_out (late acks in flight) */
  graceMs: number;
  /** background publishing of queued commands (rollouts): commands in flight at once (default 8) */
  dispatchConcurrency: number;
};

export type IssueInput = {
  terminalId: string;
  liftId: number | null;
  liftName: string | null;
  companyId: number;
  /** company path of the lift (or terminal): who may see the lifecycle live */
  scope: string;
  command: DistributiveOmit<TDownCommand, 'cmd_id' | 'issued_at' | 'expires_at'>;
  user: { id: number; name: string } | null;
  ip?: string | null;
  ttlMs?: number;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type Open = {
  action: string;
  terminalId: string;
  liftId: number | null;
  liftName: string | null;
  scope: string;
  timers: NodeJS.Timeout[];
  /** the state this instance last wrote or saw */
  state?: TCommandState;
};
export type TransitionListener = (row: TCommand, scope: string) => void | Promise<void>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OPEN_STATES: TCommandState[] = ['queued', 'sent', 'delivered'];
const TIME_COLUMN: Partial<Record<TCommandState, 'sent_at' | 'delivered_at' | 'finished_at'>> = {
  sent: 'sent_at',
  delivered: 'delivered_at',
  succeeded: 'finished_at',
  failed: 'finished_at',
  timed_out: 'finished_at',
  expired: 'finished_at',
};

/**
 * The lifecycle of every downstream command: persisted in `command`, moved only by
 * conditional updates (so acks arriving out of order, twice, or on several instances never
 * move a command backwards), pushed live as `command_state` to every browser in scope, and
 * written to the audit log when issued and when it ends.
 *
 * queued → sent (broker accepted the QoS 1 publish) → delivered (terminal `ack delivered`)
 * → succeeded | failed (terminal result) | timed_out (online terminal silent past the ack
 * timeout, or no result by the expiry) | expired (never delivered before the expiry: the
 * terminal was offline; it refuses the command if it gets it later, the server never re-sends).
 */
export class CommandCenter {
  readonly opts: CommandOptions;
  private open = new Map<string, Open>();
  private chains = new Map<string, Promise<unknown>>();
  private listeners: TransitionListener[] = [];
  /** queued commands waiting to be published (enqueueMany), oldest first */
  private backlog: Array<{ row: TCommand; input: IssueInput } | undefined> = [];
  private backlogHead = 0;
  private inFlight = 0;
  private pumpIdle: Array<() => void> = [];
  private sliceStart = 0;
  private unsubs: Array<() => void>;
  private sweepTimer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private ctx: AppContext,
    opts: Partial<CommandOptions> = {},
  ) {
    this.opts = { ttlMs: COMMAND_TTL_MS, ackTimeoutMs: 10_000, updateTtlMs: 600_000, graceMs: 2_000, dispatchConcurrency: 8, ...opts };
    this.unsubs = [
      ctx.bus.subscribe(Channels.commandAck, (m) => this.onAck(m as AckMessage)),
      ctx.bus.subscribe(Channels.live, (m) => this.onLive(m as TLiveEvent)),
    ];
    this.sweepTimer = setInterval(() => void this.sweep().catch(() => undefined), 15_000);
    this.sweepTimer.unref();
    ctx.onClose(() => this.close());
  }

  configure(opts: Partial<CommandOptions>): void {
    Object.assign(this.opts, opts);
  }

  /** called after every transition (OTA and settings push follow their commands here) */
  onTransition(fn: TransitionListener): void {
    this.listeners.push(fn);
  }

  private rowOf(input: IssueInput, now: number): Insertable<CommandTable> {
    const ttl = input.ttlMs ?? (input.command.action === 'update' ? this.opts.updateTtlMs : this.opts.ttlMs);
    const { action, ...params } = input.command;
    return {
      id: randomUUID(),
      lift_id: input.liftId,
      terminal_id: input.terminalId,
      company_id: input.companyId,
      action,
      j_params: JSON.stringify(params),
      user_id: input.user?.id ?? null,
      username: input.user?.name ?? null,
      reason: null,
      progress: null,
      created_at: new Date(now),
      expires_at: new Date(now + ttl),
    };
  }

  /** Persist, announce and publish one command. Answers the row as it stands after the publish. */
  async issue(input: IssueInput): Promise<TCommand> {
    if (!gatewayOf(this.ctx)) throw new AppError(4063);
    const row = await repo.insertCommand(this.ctx.db, this.rowOf(input, Date.now()));
    await writeAudit(this.ctx.db, this.auditEntry(row, 'queued', input.ip ?? null));
    await this.dispatch(row, input);
    return (await repo.findCommand(this.ctx.db, row.id)) ?? row;
  }

  /**
   * Many commands at once (an update rollout to a whole fleet): the rows and their `queued`
   * audit lines are written in a few statements and the call returns; the commands are then
   * published in the background, at most `dispatchConcurrency` in flight, giving the event loop
   * a turn between commands, so a rollout to thousands of terminals neither holds the request
   * open nor starves other requests. Each command's lifecycle goes live as `command_state`.
   * Rows left queued by an instance that stops are decided `expired` by the sweep.
   */
  async enqueueMany(inputs: IssueInput[]): Promise<TCommand[]> {
    if (!gatewayOf(this.ctx)) throw new AppError(4063);
    if (inputs.length === 0) return [];
    const now = Date.now();
    const rows = await repo.insertCommands(
      this.ctx.db,
      inputs.map((i) => this.rowOf(i, now)),
    );
    await writeAuditMany(
      this.ctx.db,
      rows.map((r, k) => this.auditEntry(r, 'queued', inputs[k]?.ip ?? null)),
    );
    rows.forEach((row, k) => {
      this.backlog.push({ row, input: inputs[k] as IssueInput });
    });
    this.pump();
    return rows;
  }

  /** how many enqueued commands are not yet published */
  get backlogSize(): number {
    return this.backlog.length - this.backlogHead + this.inFlight;
  }

  private pump(): void {
    while (!this.closed && this.inFlight < this.opts.dispatchConcurrency && this.backlogHead < this.backlog.length) {
      const job = this.backlog[this.backlogHead] as { row: TCommand; input: IssueInput };
      this.backlog[this.backlogHead++] = undefined;
      this.inFlight += 1;
      void this.turn()
        .then(() => this.dispatch(job.row, job.input))
        .catch(() => undefined)
        .finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
    }
    if (this.backlogHead >= this.backlog.length) {
      this.backlog = [];
      this.backlogHead = 0;
    }
    if (this.inFlight === 0 && this.backlog.length === 0) for (const w of this.pumpIdle.splice(0)) w();
  }

  /**
   * Backpressure on the event loop: background publishing runs in slices of about 10 ms, then
   * lets everything else waiting (HTTP requests, terminal messages, timers) have a turn.
   */
  private async turn(): Promise<void> {
    if (performance.now() - this.sliceStart < 10) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }

  /** Track, announce and publish a queued command (queued → sent, or failed when the broker refuses). */
  private async dispatch(row: TCommand, input: IssueInput): Promise<void> {
    if (this.closed) return;
    const gw = gatewayOf(this.ctx);
    const now = Date.now();
    const expiresAt = new Date(row.expires_at).getTime();
    const open: Open = {
      action: row.action,
      terminalId: input.terminalId,
      liftId: input.liftId,
      liftName: input.liftName,
      scope: input.scope,
      timers: [],
    };
    this.open.set(row.id, open);
    this.pushLive(row, open);
    if (expiresAt <= now) {
      await this.transition(row.id, ['queued'], 'expired', { reason: 'not sent before the expiry' });
      return;
    }
    this.schedule(row.id, row.action, now, expiresAt);
    try {
      if (!gw) throw new Error('no gateway');
      const createdAt = new Date(row.created_at).getTime();
      await gw.sendCommand(input.terminalId, {
        ...input.command,
        cmd_id: row.id,
        issued_at: createdAt,
        expires_at: expiresAt,
      } as TDownCommand);
      await this.transition(row.id, ['queued'], 'sent');
    } catch (err) {
      await this.transition(row.id, ['queued'], 'failed', {
        reason: `publish failed: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
  }

  private schedule(id: string, action: string, now: number, expiresAt: number): void {
    const open = this.open.get(id);
    if (!open) return;
    const gw = gatewayOf(this.ctx);
    const online = () => gw?.isOnline(open.terminalId) ?? false;
    // no acknowledgement from an online terminal in time: timed out (updates wait for U08 instead)
    if (action !== 'update' && now + this.opts.ackTimeoutMs < expiresAt) {
      const t = setTimeout(() => {
        if (online()) void this.transition(id, ['queued', 'sent'], 'timed_out', { reason: 'no acknowledgement' });
      }, this.opts.ackTimeoutMs);
      t.unref();
      open.timers.push(t);
    }
    const t = setTimeout(
      () => {
        void (async () => {
          if (online()) await this.transition(id, ['queued', 'sent'], 'timed_out', { reason: 'no acknowledgement' });
          else await this.transition(id, ['queued', 'sent'], 'expired', { reason: 'terminal offline until the expiry' });
          await this.transition(id, ['delivered'], 'timed_out', { reason: 'no result before the expiry' });
        })().catch(() => undefined);
      },
      expiresAt - now + this.opts.graceMs,
    );
    t.unref();
    open.timers.push(t);
  }

  /**
   * Move a command from one of `from` to `to`; a no-op when it is in none of them. Serialised
   * per command on this instance; atomic in the database across instances.
   */
  transition(
    id: string,
    from: TCommandState[],
    to: TCommandState,
    patch: { reason?: string | null; progress?: number | null; terminalId?: string } = {},
  ): Promise<TCommand | null> {
    const prev = this.chains.get(id) ?? Promise.resolve();
    const next = prev.then(async () => {
      if (this.closed) return null;
      const row = await repo.moveCommand(this.ctx.db, id, from, to, TIME_COLUMN[to] ?? null, patch);
      if (!row) return null;
      const open = this.open.get(id) ?? (await this.describe(row));
      this.pushLive(row, open);
      if (!OPEN_STATES.includes(to)) {
        for (const t of open.timers) clearTimeout(t);
        this.open.delete(id);
        await this.audit(row, to, null);
      }
      for (const l of this.listeners) await Promise.resolve(l(row, open.scope)).catch(() => undefined);
      return row;
    });
    const settled = next.catch(() => null);
    this.chains.set(id, settled);
    void settled.then(() => {
      if (this.chains.get(id) === settled) this.chains.delete(id);
    });
    return settled;
  }

  /** progress of an update without a state change (U08 downloading / installing) */
  async progress(id: string, progress: number): Promise<void> {
    // once delivered, a report only moves the progress: one statement instead of a transition
    // that cannot match and then the progress (an update reports every few percent)
    if (this.open.get(id)?.state !== 'delivered') {
      const row = await this.transition(id, ['queued', 'sent'], 'delivered', { progress });
      if (row) return;
    }
    const updated = await repo.setProgress(this.ctx.db, id, progress);
    if (updated) this.pushLive(updated, this.open.get(id) ?? (await this.describe(updated)));
  }

  private async describe(row: TCommand): Promise<Open> {
    const d = await repo.describeCommand(this.ctx.db, row.id);
    return {
      action: row.action,
      terminalId: row.terminal_id,
      liftId: row.lift_id,
      liftName: d?.lift_name ?? null,
      scope: d?.scope ?? '',
      timers: [],
    };
  }

  private onAck(m: AckMessage): void {
    if (!m || typeof m.cmdId !== 'string' || !UUID_RE.test(m.cmdId) || typeof m.terminalId !== 'string') return;
    const id = m.cmdId;
    const p = { reason: m.reason ?? null, terminalId: m.terminalId };
    switch (m.result) {
      case 'delivered':
        void this.transition(id, ['queued', 'sent'], 'delivered', p);
        return;
      case 'succeeded':
        // an update is done when U08 says so; its `succeeded` ack only says the install began
        void (this.open.has(id) ? Promise.resolve(this.open.get(id)?.action ?? null) : repo.actionOf(this.ctx.db, id)).then((action) =>
          action === 'update'
            ? this.transition(id, ['queued', 'sent'], 'delivered', p)
            : this.transition(id, ['queued', 'sent', 'delivered', 'timed_out'], 'succeeded', p),
        );
        return;
      case 'failed':
      case 'rejected':
        void this.transition(id, ['queued', 'sent', 'delivered', 'timed_out'], 'failed', { ...p, reason: m.reason ?? m.result });
        return;
      case 'expired':
        void this.transition(id, ['queued', 'sent', 'delivered', 'timed_out'], 'expired', { ...p, reason: 'expired on the terminal' });
        return;
    }
  }

  /** U08 update results arrive as live events (gateway ingest); follow the update commands with them */
  private onLive(e: TLiveEvent): void {
    if (!e || (e.action !== 'return_update' && e.action !== 'return_update_apk')) return;
    const d = e.data as { cmd_id?: unknown; stage?: unknown; progress?: unknown; reason?: unknown };
    if (typeof d.cmd_id !== 'string' || !UUID_RE.test(d.cmd_id) || !e.terminal_id) return;
    const progress = typeof d.progress === 'number' ? d.progress : null;
    const p = { terminalId: e.terminal_id, progress };
    if (d.stage === 'success')
      void this.transition(d.cmd_id, ['queued', 'sent', 'delivered', 'timed_out'], 'succeeded', { ...p, progress: 100 });
    else if (d.stage === 'failure')
      void this.transition(d.cmd_id, ['queued', 'sent', 'delivered', 'timed_out'], 'failed', {
        ...p,
        reason: typeof d.reason === 'string' ? d.reason : 'update failed',
      });
    else if (progress !== null) void this.progress(d.cmd_id, progress);
  }

  /** commands left open by a restart or a lost instance: decided once well past their expiry */
  async sweep(): Promise<void> {
    const stale = await repo.staleCommands(this.ctx.db, new Date(Date.now() - Math.max(30_000, this.opts.graceMs * 5)));
    for (const s of stale) {
      if (this.open.has(s.id)) continue;
      if (s.state === 'delivered') await this.transition(s.id, ['delivered'], 'timed_out', { reason: 'no result before the expiry' });
      else await this.transition(s.id, ['queued', 'sent'], 'expired', { reason: 'not delivered before the expiry' });
    }
  }

  private pushLive(row: TCommand, open: Open): void {
    open.state = row.state;
    if (!open.scope) return;
    const data = ZCommandStateEvent.parse({
      cmd_id: row.id,
      action: row.action,
      state: row.state,
      reason: row.reason,
      progress: row.progress,
      username: row.username,
    });
    const event: TLiveEvent & { scope: string } = {
      action: 'command_state',
      terminal_id: row.terminal_id,
      lift_id: row.lift_id,
      deviceName: open.liftName,
      timestamp: Date.now(),
      data,
      scope: open.scope,
    };
    void this.ctx.bus.publish(Channels.live, event).catch(() => undefined);
  }

  private audit(row: TCommand, result: TCommandState, ip: string | null): Promise<void> {
    return writeAudit(this.ctx.db, this.auditEntry(row, result, ip));
  }

  private auditEntry(row: TCommand, result: TCommandState, ip: string | null): AuditEntry {
    return {
      action: `command.${row.action}`,
      result,
      userId: row.user_id,
      username: row.username,
      companyId: row.company_id,
      target: row.lift_id !== null ? `lift:${row.lift_id}` : `terminal:${row.terminal_id}`,
      ip,
      detail: { cmd_id: row.id, terminal_id: row.terminal_id, params: row.params, reason: row.reason },
    };
  }

  /** wait for queued transitions (tests) */
  async settle(): Promise<void> {
    for (;;) {
      if (this.backlogSize > 0 && !this.closed) await new Promise<void>((r) => this.pumpIdle.push(r));
      else if (this.chains.size > 0) await Promise.all([...this.chains.values()]);
      else return;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweepTimer);
    // commands not yet published stay queued in the table; the sweep of a running instance expires them
    this.backlog = [];
    this.backlogHead = 0;
    for (const w of this.pumpIdle.splice(0)) w();
    for (const u of this.unsubs) u();
    for (const o of this.open.values()) for (const t of o.timers) clearTimeout(t);
    this.open.clear();
  }
}

type AckMessage = { terminalId?: string; cmdId?: string; result?: string; reason?: string | null };

const centers = new WeakMap<AppContext, CommandCenter>();
/** The command lifecycle of one app (created on first use; closed with the app). */
export function commandCenterOf(ctx: AppContext): CommandCenter {
  let c = centers.get(ctx);
  if (!c) {
    c = new CommandCenter(ctx);
    centers.set(ctx, c);
  }
  return c;
}
