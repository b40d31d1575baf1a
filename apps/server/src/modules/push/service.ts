import { createHmac } from 'node:crypto';
import { ErrorCodes, faultName, faultNo } from '@liftguard/contract';
import { enqueue, enqueueMany, grouped, jobsFor } from '../../jobs/queue.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { alertKey, ZFaultRaisedEvent } from '../sms/service.ts';
import * as repo from './repo.ts';

type Scoped = AuthContext & { scopePath: string; companyId: number };
export const PUSH_QUEUE = 'push.send';
type Kind = 'registration' | 'status' | 'fault';

function audit(ctx: AppContext, auth: Scoped, action: string, target: string, ip: string, detail?: Record<string, unknown>) {
  return writeAudit(ctx.db, {
    action,
    result: 'ok',
    userId: auth.userId,
    username: auth.username,
    companyId: auth.companyId,
    target,
    ip,
    detail,
  });
}

export async function addAccount(
  ctx: AppContext,
  auth: Scoped,
  a: { name: string; base_url: string; account: string; secret: string; enabled: boolean },
  ip: string,
) {
  const id = await repo.insertAccount(ctx.db, { ...a, company_id: auth.companyId });
  await audit(ctx, auth, 'pusher.create', `pusher_account:${id}`, ip, { name: a.name, base_url: a.base_url, account: a.account });
  return id;
}

/** Changing the credentials to the very ones already set is refused with 4105; the secret may be left out to keep it. */
export async function updateAccount(
  ctx: AppContext,
  auth: Scoped,
  a: { id: number; name: string; base_url: string; account: string; secret?: string; enabled: boolean },
  ip: string,
) {
  const current = await repo.findAccountInScope(ctx.db, a.id, auth.scopePath);
  if (!current) throw new AppError(ErrorCodes.NOT_FOUND);
  if (a.secret !== undefined && a.secret === current.secret && a.account === current.account)
    throw new AppError(ErrorCodes.SAME_ACCOUNT_SECRET);
  const { id, ...fields } = a;
  await repo.updateAccount(ctx.db, id, fields);
  await audit(ctx, auth, 'pusher.update', `pusher_account:${id}`, ip, {
    name: a.name,
    base_url: a.base_url,
    account: a.account,
    secret_changed: a.secret !== undefined,
  });
}

export async function deleteAccount(ctx: AppContext, auth: Scoped, id: number, ip: string) {
  const current = await repo.findAccountInScope(ctx.db, id, auth.scopePath);
  if (!current) throw new AppError(ErrorCodes.NOT_FOUND);
  await repo.deleteAccount(ctx.db, id);
  await audit(ctx, auth, 'pusher.delete', `pusher_account:${id}`, ip, { name: current.name });
}

export async function liftParams(ctx: AppContext, auth: Scoped, liftId: number) {
  const lift = await repo.findLiftInScope(ctx.db, liftId, auth);
  if (!lift) throw new AppError(ErrorCodes.NOT_FOUND);
  const p = await repo.findParams(ctx.db, liftId);
  return {
    lift_id: liftId,
    serial_number: p?.serial_number ?? '',
    manufacturer_credit_code: p?.manufacturer_credit_code ?? '',
    registration_code: p?.registration_code ?? '',
  };
}

export async function saveLiftParams(
  ctx: AppContext,
  auth: Scoped,
  p: { lift_id: number; serial_number: string; manufacturer_credit_code: string; registration_code: string },
  ip: string,
) {
  if (!p.serial_number || !p.manufacturer_credit_code || !p.registration_code) throw new AppError(ErrorCodes.PUSH_PARAMS_REQUIRED);
  const lift = await repo.findLiftInScope(ctx.db, p.lift_id, auth);
  if (!lift) throw new AppError(ErrorCodes.NOT_FOUND);
  await repo.saveParams(ctx.db, { ...p, company_id: lift.company_id });
  await audit(ctx, auth, 'pusher.lift_params', `lift:${p.lift_id}`, ip, { ...p });
}

type Lift = NonNullable<Awaited<ReturnType<typeof repo.findLiftInScope>>>;
type Params = NonNullable<Awaited<ReturnType<typeof repo.findParams>>>;

function payloadOf(kind: Kind, lift: Lift, params: Params, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const id = {
    serial_number: params.serial_number,
    manufacturer_credit_code: params.manufacturer_credit_code,
    registration_code: params.registration_code,
  };
  if (kind === 'registration') {
    return {
      ...id,
      lift: {
        code: lift.code,
        name: lift.name,
        model: lift.model,
        brand: lift.brand,
        equipment_code: lift.equipment_code,
        register_number: lift.register_number,
        factory_number: lift.factory_number,
        address: lift.address,
        latitude: lift.latitude,
        longitude: lift.longitude,
      },
    };
  }
  if (kind === 'status') {
    return { ...id, online: Boolean(lift.online), last_seen_at: lift.last_seen_at ? new Date(lift.last_seen_at).toISOString() : null };
  }
  return { ...id, ...extra };
}

/** One push_log row and one durable job per enabled account that covers the lift's company. */
async function enqueuePushes(ctx: AppContext, lift: Lift, params: Params, kinds: Kind[], extra?: Record<string, unknown>): Promise<number> {
  const accounts = await repo.accountsForLiftCompany(ctx.db, lift.company_id);
  if (accounts.length === 0) return 0;
  let n = 0;
  await ctx.db.transaction().execute(async (tx) => {
    for (const a of accounts) {
      for (const kind of kinds) {
        const logId = await repo.insertLog(tx, {
          company_id: lift.company_id,
          account_id: a.id,
          lift_id: lift.id,
          kind,
          payload: payloadOf(kind, lift, params, extra),
        });
        await enqueue(tx, { queue: PUSH_QUEUE, payload: { logId }, dedupeKey: `push:${logId}` });
        n += 1;
      }
    }
  });
  jobsFor(ctx).kick();
  return n;
}

export async function pushLift(ctx: AppContext, auth: Scoped, liftId: number, kinds: Kind[], ip: string) {
  const lift = await repo.findLiftInScope(ctx.db, liftId, auth);
  if (!lift) throw new AppError(ErrorCodes.NOT_FOUND);
  const params = await repo.findParams(ctx.db, liftId);
  if (!params) throw new AppError(ErrorCodes.PUSH_PARAMS_REQUIRED);
  const queued = await enqueuePushes(ctx, lift, params, kinds);
  if (queued === 0) throw new AppError(ErrorCodes.NO_PUSH_ACCOUNT);
  await audit(ctx, auth, 'pusher.push', `lift:${liftId}`, ip, { kinds, queued });
  return { queued };
}

/** A raised fault of a lift with push parameters goes to every platform that covers it. */
export async function pushFault(ctx: AppContext, faultId: number): Promise<number> {
  const fault = await repo.findFaultForPush(ctx.db, faultId);
  if (!fault) return 0;
  const params = await repo.findParams(ctx.db, fault.lift_id);
  if (!params) return 0;
  const lift = await repo.findLiftInScope(ctx.db, fault.lift_id, { scopePath: '/', communityIds: [], isRoot: true });
  if (!lift) return 0;
  return enqueuePushes(ctx, lift, params, ['fault'], {
    fault: {
      id: Number(fault.id),
      code: fault.code,
      fault_no: faultNo(fault.code),
      name: faultName(fault.code, 'zh-CN'),
      occurred_at: new Date(fault.occurred_at).toISOString(),
      floor: fault.floor_display ?? fault.floor,
      trapped: Boolean(fault.trapped),
    },
  });
}

/**
 * Deliver one push: POST JSON to `<base_url>/<kind>` with the account, an HMAC-SHA256 of the
 * body keyed by the secret, and an idempotency key per log row. 2xx = delivered; anything else
 * is retried by the queue with backoff and written to the log.
 */
export async function deliver(ctx: AppContext, logId: number): Promise<void> {
  const log = await repo.findLogWithAccount(ctx.db, logId);
  if (log?.status !== 'queued') return;
  if (log.deleted_at) {
    await repo.markLogFailed(ctx.db, logId, 'account deleted');
    return;
  }
  const body = JSON.stringify({ account: log.account, kind: log.kind, data: log.payload, id: `push-${log.id}` });
  const url = `${log.base_url.replace(/\/+$/, '')}/${log.kind}`;
  let status: number | null = null;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `push-log-${log.id}`,
        'x-account': log.account,
        'x-signature': createHmac('sha256', log.secret).update(body).digest('hex'),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    status = res.status;
    await res.arrayBuffer().catch(() => undefined);
    if (status < 200 || status >= 300) throw new Error(`platform answered ${status}`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await repo.noteLogAttempt(ctx.db, logId, { response_status: status, error: message.slice(0, 500) });
    throw err;
  }
  await repo.noteLogAttempt(ctx.db, logId, { status: 'sent', response_status: status, error: null });
}

export function startPush(ctx: AppContext, subscribe: (handler: (m: unknown) => void) => () => void): void {
  jobsFor(ctx).register(PUSH_QUEUE, {
    run: async (p) => deliver(ctx, Number(p.logId)),
    onDead: async (p, _job, error) => repo.markLogFailed(ctx.db, Number(p.logId), error),
  });
  jobsFor(ctx).register('push.fault', { run: async (p) => void (await pushFault(ctx, Number(p.faultId))) });
  // grouped: a burst of faults is one insert per group, not one transaction per fault
  const add = grouped<number>(
    async (ids) => {
      await enqueueMany(
        ctx.db,
        [...new Set(ids)].map((faultId) => ({
          queue: 'push.fault',
          payload: { faultId },
          dedupeKey: alertKey(ctx, 'push-fault', faultId),
        })),
      );
      jobsFor(ctx).kick();
    },
    () => undefined,
  );
  const off = subscribe((m) => {
    const ev = ZFaultRaisedEvent.safeParse(m);
    if (!ev.success) return;
    add(ev.data.faultId);
  });
  ctx.onClose(off);
}
