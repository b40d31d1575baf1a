import {
  commandUri,
  LIFT_COMMANDS,
  PASSWORD_ACTIONS,
  type TCommand,
  type TRemoteAction,
  ZCallFloorData,
  ZMonitorData,
  ZSendMqttRequest,
} from '@liftguard/contract';
import { z } from 'zod';
import { gatewayOf } from '../../gateway/index.ts';
import { exclusionError } from '../../gateway/monitor-lock.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { blockedUntil, clearCounter, type FailurePolicy, recordFailure } from '../../platform/rate-limit.ts';
import { commandCenterOf } from './center.ts';
import * as repo from './repo.ts';

/** Wrong command passwords: 5 in 15 minutes block remote commands of that user for 5 minutes, doubling to 1 hour. */
export const COMMAND_PASSWORD_FAILURES: FailurePolicy = { limit: 5, windowMs: 15 * 60_000, blockMs: 5 * 60_000, maxBlockMs: 3_600_000 };

export type CommandCaller = Pick<Actor, 'userId' | 'username' | 'companyId' | 'scopePath' | 'communityIds' | 'isRoot' | 'uris' | 'ip'>;

/** Body of /device/sendmqtt: also accepts `lift_id` in place of `terminal_id` (the lift list knows the lift). */
const ZBody = ZSendMqttRequest.extend({
  terminal_id: z.string().trim().min(1).max(64).optional(),
  lift_id: z.coerce.number().int().positive().optional(),
}).refine((b) => b.terminal_id !== undefined || b.lift_id !== undefined);

/** May the caller send this action? The route URI passed the guard; each action needs its own URI too. */
export const mayCommand = (caller: Pick<CommandCaller, 'isRoot' | 'uris'>, action: TRemoteAction): boolean =>
  caller.isRoot || caller.uris.includes(commandUri(action));

/**
 * POST /device/sendmqtt. Checks, in order: parameters (4046), the per-action permission (4205),
 * the user's password for lift commands (4203 while blocked, 4047), the lift in scope (4092,
 * 4200 without terminal), virtual (4056), monitored by someone else (4057); `monitor` also
 * takes the monitoring/rescue/file-download exclusion (4058 in distress, 4204 file download).
 */
export async function sendMqtt(ctx: AppContext, caller: CommandCaller, raw: unknown): Promise<TCommand> {
  const { db } = ctx;
  const parsed = ZBody.safeParse(raw);
  if (!parsed.success) throw new AppError(4046);
  const body = parsed.data;
  const action = body.action;
  let extra: Record<string, unknown> = {};
  if (action === 'call_floor') {
    const d = ZCallFloorData.safeParse(body.data);
    if (!d.success) throw new AppError(4046);
    extra = { floor: d.data.floor };
  } else if (action === 'monitor') {
    const d = ZMonitorData.safeParse(body.data);
    if (!d.success) throw new AppError(4046);
    extra = { on: d.data.on };
  }
  const audit = (result: string, detail: Record<string, unknown> = {}) =>
    writeAudit(db, {
      action: result === 'denied' ? 'permission.denied' : `command.${action}`,
      result,
      userId: caller.userId,
      username: caller.username,
      companyId: caller.companyId,
      target:
        result === 'denied'
          ? `POST ${commandUri(action)}`
          : body.lift_id !== undefined
            ? `lift:${body.lift_id}`
            : `terminal:${body.terminal_id}`,
      ip: caller.ip,
      detail,
    });
  if (!mayCommand(caller, action)) {
    await audit('denied');
    throw new AppError(4205);
  }

  if (PASSWORD_ACTIONS.includes(action)) {
    if (!body.password) throw new AppError(4047);
    const key = `cmdpwd:user:${caller.userId}`;
    const now = new Date();
    if (await blockedUntil(db, [key], now)) {
      await audit('blocked');
      throw new AppError(4203);
    }
    const stored = await repo.passwordHashOf(db, caller.userId);
    if (!stored || !(await verifyPassword(stored, body.password))) {
      await recordFailure(db, key, COMMAND_PASSWORD_FAILURES, now);
      await audit('wrong_password');
      throw new AppError(4047);
    }
    await clearCounter(db, key);
  }

  const lift = await repo.liftForCommand(db, caller, { terminalId: body.terminal_id, liftId: body.lift_id });
  if (!lift) throw new AppError(4092);
  if (lift.is_virtual) throw new AppError(4056);
  if (!lift.terminal_id) throw new AppError(4200);
  const gw = gatewayOf(ctx);
  if (!gw) throw new AppError(4063);
  const holder = `user:${caller.userId}`;
  // the holds are shared by every instance (Redis with REDIS_URL): a hold taken through another instance counts
  const hold = await gw.monitor.current(lift.id);

  if (action === 'monitor') {
    if (extra.on) {
      if (hold && hold.activity !== 'monitor') throw new AppError(exclusionError('monitor', hold.activity));
      if (await repo.inDistress(db, lift.id)) throw new AppError(4058);
      // another operator already monitoring: this one joins (the terminal is already reporting every second)
      if (!hold || hold.holder === holder) {
        const r = await gw.monitor.acquire(lift.id, 'monitor', holder);
        if (!r.ok && r.blockedBy.activity !== 'monitor') throw new AppError(exclusionError('monitor', r.blockedBy.activity));
      }
    } else await gw.monitor.release(lift.id, holder);
  } else if ((LIFT_COMMANDS as readonly string[]).includes(action) || action === 'call_floor') {
    if (hold?.activity === 'monitor' && hold.holder !== holder) throw new AppError(4057);
  }

  return commandCenterOf(ctx).issue({
    terminalId: lift.terminal_id,
    liftId: lift.id,
    liftName: lift.name,
    companyId: lift.company_id,
    scope: lift.scope,
    command: { action, ...extra } as never,
    user: { id: caller.userId, name: caller.username },
    ip: caller.ip,
  });
}
