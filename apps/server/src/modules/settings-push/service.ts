import type { TLiveEvent } from '@liftguard/contract';
import { gatewayOf } from '../../gateway/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { Channels } from '../../platform/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { commandCenterOf } from '../command/center.ts';
import { readSettings as readSettingsRow } from '../terminal/repo.ts';
import { mergeSettings } from '../terminal/service.ts';
import * as repo from './repo.ts';
import { revisionOf } from './repo.ts';

type Target = Awaited<ReturnType<typeof repo.target>> & {};

/**
 * Settings commands this instance published to a terminal that was offline: a broker without a
 * session for it drops them, and the terminal may come back before they expire (so the re-send
 * on reconnection finds them still open). When one expires with its terminal online, it is re-sent.
 */
const publishedOffline = new WeakMap<AppContext, Set<string>>();
export type PushCaller = Pick<Actor, 'userId' | 'username' | 'companyId' | 'scopePath' | 'communityIds' | 'isRoot' | 'ip'>;

async function companySettings(ctx: AppContext, companyId: number) {
  const row = await readSettingsRow(ctx.db, companyId);
  return { revision: revisionOf(row?.updated_at), settings: mergeSettings(row?.j_settings) };
}

function announce(
  ctx: AppContext,
  t: Pick<Target, 'terminal_id' | 'lift_id' | 'lift_name'>,
  scope: string,
  data: Record<string, unknown>,
): void {
  const event: TLiveEvent & { scope: string } = {
    action: 'list_monitor_config',
    terminal_id: t.terminal_id,
    lift_id: t.lift_id,
    deviceName: t.lift_name,
    timestamp: Date.now(),
    data,
    scope,
  };
  void ctx.bus.publish(Channels.live, event).catch(() => undefined);
}

async function pushOne(ctx: AppContext, t: Target, user: PushCaller | null, resend = false): Promise<string> {
  const { revision, settings } = await companySettings(ctx, t.company_id);
  await repo.markSent(ctx.db, t.terminal_id, t.company_id, revision, resend);
  // announced before the publish: the terminal's confirmation can be faster than the answer
  announce(ctx, t, t.scope, { state: 'sent', revision });
  const cmd = await commandCenterOf(ctx).issue({
    terminalId: t.terminal_id,
    liftId: t.lift_id,
    liftName: t.lift_name,
    companyId: t.company_id,
    scope: t.scope,
    command: { action: 'settings', revision, settings },
    user: user ? { id: user.userId, name: user.username } : null,
    ip: user?.ip ?? null,
  });
  await repo.setCmd(ctx.db, t.terminal_id, cmd.id);
  if (cmd.state === 'sent' && !gatewayOf(ctx)?.isOnline(t.terminal_id)) publishedOffline.get(ctx)?.add(cmd.id);
  return cmd.id;
}

/**
 * Push the terminal default settings of each terminal's company to one terminal in scope
 * (4092 otherwise) or to every terminal of the caller's company. Offline terminals stay
 * `sent` and get the settings again when they reconnect.
 */
export async function pushSettings(ctx: AppContext, caller: PushCaller, terminalId?: string) {
  if (!gatewayOf(ctx)) throw new AppError(4063);
  const list = await repo.targets(ctx.db, caller, terminalId ? { terminalId } : { companyId: caller.companyId });
  if (terminalId && list.length === 0) throw new AppError(4092);
  const gw = gatewayOf(ctx);
  const sent: string[] = [];
  const pending: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const t = list[next++] as Target;
      await pushOne(ctx, t, caller);
      (gw?.isOnline(t.terminal_id) ? sent : pending).push(t.terminal_id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, list.length) }, worker));
  const { revision } = await companySettings(ctx, caller.companyId);
  return { revision, sent, pending };
}

const followed = new WeakSet<AppContext>();
/**
 * Confirmations and reconnections: a U06 (`up_report_parameter`) whose `revision` covers the
 * pushed one marks the terminal configured; a terminal coming back online (`onoff`) with a
 * push still pending gets it again once it is heard from (or after `fallbackMs`).
 */
export function followSettings(ctx: AppContext, opts: { fallbackMs?: number; resendGapMs?: number } = {}): void {
  if (followed.has(ctx)) return;
  followed.add(ctx);
  const fallbackMs = opts.fallbackMs ?? 3000;
  const gapMs = opts.resendGapMs ?? 5000;
  /**
   * terminals with a push not yet confirmed (`sent`): only they are worth a look when they come
   * back — a fleet reconnecting must not cost a query per terminal. Loaded once, then followed
   * on the live channel (every instance announces its pushes and confirmations there).
   */
  const unconfirmed = new Set<string>();
  void repo.unconfirmedTerminals(ctx.db).then(
    (ids) => {
      for (const id of ids) unconfirmed.add(id);
    },
    () => undefined,
  );
  /** terminals that came back online: the re-send timer */
  const waiting = new Map<string, NodeJS.Timeout>();
  const forget = (terminalId: string) => {
    const timer = waiting.get(terminalId);
    if (timer) clearTimeout(timer);
    waiting.delete(terminalId);
  };
  const resend = (terminalId: string) => {
    forget(terminalId);
    void (async () => {
      const claim = await repo.claimPending(ctx.db, terminalId, gapMs);
      if (!claim) return;
      const target = await repo.target(ctx.db, terminalId);
      if (target) await pushOne(ctx, target, null, true);
    })().catch(() => undefined);
  };
  const offline = new Set<string>();
  publishedOffline.set(ctx, offline);
  commandCenterOf(ctx).onTransition((row) => {
    if (row.action !== 'settings' || row.state === 'queued' || row.state === 'sent' || !offline.delete(row.id)) return;
    if ((row.state === 'expired' || row.state === 'timed_out') && gatewayOf(ctx)?.isOnline(row.terminal_id)) resend(row.terminal_id);
    // any other end (delivered, succeeded, failed…): nothing more to do
  });
  const unsub = ctx.bus.subscribe(Channels.live, (m) => {
    const e = m as TLiveEvent & { scope?: string | null };
    if (!e || typeof e.action !== 'string' || !e.terminal_id) return;
    const id = e.terminal_id;
    if (e.action === 'onoff') {
      // gone again before it was heard from: nothing to re-send to yet
      if ((e.data as { online?: unknown }).online !== true) forget(id);
      else if (!waiting.has(id) && unconfirmed.has(id)) {
        const timer = setTimeout(() => resend(id), fallbackMs);
        timer.unref();
        waiting.set(id, timer);
      }
      return;
    }
    if (e.action === 'list_monitor_config') {
      const state = (e.data as { state?: unknown }).state;
      if (state === 'sent') unconfirmed.add(id);
      else if (state === 'configured') unconfirmed.delete(id);
    }
    // heard from after coming back: its subscription is in place now
    if (waiting.has(id) && e.action !== 'command_state' && e.action !== 'list_monitor_config') resend(id);
    if (e.action === 'up_report_parameter') {
      const rev = Number((e.data as { params?: { revision?: unknown } }).params?.revision);
      if (!Number.isFinite(rev)) return;
      void repo.markConfigured(ctx.db, id, rev).then(
        async (row) => {
          if (!row) return;
          const scope = e.scope ?? (await repo.scopeOfCompany(ctx.db, row.company_id));
          if (scope)
            announce(ctx, { terminal_id: id, lift_id: e.lift_id, lift_name: e.deviceName ?? null }, scope, {
              state: 'configured',
              revision: Number(row.revision),
            });
        },
        () => undefined,
      );
    }
  });
  ctx.onClose(() => {
    unsub();
    for (const t of waiting.values()) clearTimeout(t);
  });
}
