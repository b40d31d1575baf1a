import { randomUUID } from 'node:crypto';
import {
  COMMAND_TTL_MS,
  type TCommand,
  type TCommandState,
  type TDownCommand,
  type TLiveEvent,
  ZCommandStateEvent,
} from '@liftguard/contract';
import { gatewayOf } from '../../gateway/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Channels } from '../../platform/bus.ts';
import type { AppContext } from '../../platform/context.ts';
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

type Open = { action: string; terminalId: string; liftId: number | null; liftName: string | null; scope: string; timers: NodeJS.Timeout[] };
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
  private unsubs: Array<() => void>;
  private sweepTimer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private ctx: AppContext,
    opts: Partial<CommandOptions> = {},
  ) {
    this.opts = { ttlMs: COMMAND_TTL_MS, ackTimeoutMs: 10_000, updateTtlMs: 600_000, graceMs: 2_000, ...opts };
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

  /** Persist, announce and publish one command. Answers the row as it stands after the publish. */
  async issue(input: IssueInput): Promise<TCommand> {
    const gw = gatewayOf(this.ctx);
    if (!gw) throw new AppError(4063);
    const { db } = this.ctx;
    const id = randomUUID();
    const now = Date.now();
    const ttl = input.ttlMs ?? (input.command.action === 'update' ? this.opts.updateTtlMs : this.opts.ttlMs);
    const expiresAt = now + ttl;
    const { action, ...params } = input.command;
    const row = await repo.insertCommand(db, {
      id,
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
      expires_at: new Date(expiresAt),
    });
    const open: Open = {
      action,
      terminalId: input.terminalId,
      liftId: input.liftId,
      liftName: input.liftName,
      scope: input.scope,
      timers: [],
    };
    this.open.set(id, open);
    this.pushLive(row, open);
    await this.audit(row, 'queued', input.ip ?? null);
    this.schedule(id, action, now, expiresAt);
    try {
      await gw.sendCommand(input.terminalId, { ...input.command, cmd_id: id, issued_at: now, expires_at: expiresAt } as TDownCommand);
      await this.transition(id, ['queued'], 'sent');
    } catch (err) {
      await this.transition(id, ['queued'], 'failed', { reason: `publish failed: ${err instanceof Error ? err.message : String(err)}` });
    }
    return (await repo.findCommand(db, id)) ?? row;
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
    const row = await this.transition(id, ['queued', 'sent'], 'delivered', { progress });
    if (row) return;
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
    return writeAudit(this.ctx.db, {
      action: `command.${row.action}`,
      result,
      userId: row.user_id,
      username: row.username,
      companyId: row.company_id,
      target: row.lift_id !== null ? `lift:${row.lift_id}` : `terminal:${row.terminal_id}`,
      ip,
      detail: { cmd_id: row.id, terminal_id: row.terminal_id, params: row.params, reason: row.reason },
    });
  }

  /** wait for queued transitions (tests) */
  async settle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweepTimer);
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
