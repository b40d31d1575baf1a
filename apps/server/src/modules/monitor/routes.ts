import { DIRECTIONS, DOOR_STATES, dataOf, pageOf, RUN_STATES, ZPageQuery } from '@liftguard/contract';
import { z } from 'zod';
import { gatewayOf } from '../../gateway/index.ts';
import { scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { liftInScope, statusHistory } from './repo.ts';

const ZStatus = z.object({
  floor: z.number().int(),
  floor_display: z.string(),
  direction: z.enum(DIRECTIONS),
  door: z.enum(DOOR_STATES),
  run_state: z.enum(RUN_STATES),
  occupied: z.boolean(),
});
const ZHistoryItem = ZStatus.extend({
  id: z.number().int(),
  at: z.string(),
  direction: z.string(),
  door: z.string(),
  run_state: z.string(),
});
const ZLiftState = z.object({
  lift_id: z.number().int(),
  terminal_id: z.string().nullable(),
  online: z.boolean(),
  expired: z.boolean(),
  last_seen_at: z.string().nullable(),
  status: ZStatus.nullable(),
  status_at: z.string().nullable(),
  /** monitoring, rescue or file download in progress */
  busy: z.enum(['monitor', 'rescue', 'file']).nullable(),
});

const tags = ['monitor'];

export const monitorModule: Module = {
  name: 'monitor',
  register(api, ctx) {
    api.get(
      '/monitor/state',
      {
        schema: {
          tags,
          summary: 'Live state of a lift (position, doors, running state, online)',
          querystring: z.object({ lift_id: z.coerce.number().int().positive() }),
          response: { 200: dataOf(ZLiftState) },
        },
      },
      async (req) => {
        const lift = await liftInScope(ctx.db, scopeOf(req), req.query.lift_id);
        if (!lift) throw new AppError(4064);
        const gw = gatewayOf(ctx);
        const live = lift.terminal_id ? gw?.liveStatus(lift.terminal_id) : undefined;
        const expired = new Date(lift.expire_at).getTime() <= Date.now();
        return {
          data: {
            lift_id: lift.id,
            terminal_id: lift.terminal_id,
            online: !expired && (lift.online ?? false),
            expired,
            last_seen_at: lift.last_seen_at ? new Date(lift.last_seen_at).toISOString() : null,
            status: live ? ZStatus.parse(live.status) : null,
            status_at: live ? new Date(live.at).toISOString() : null,
            busy: (await gw?.monitor.current(lift.id))?.activity ?? null,
          },
        };
      },
    );
    api.get(
      '/monitor/history',
      {
        schema: {
          tags,
          summary: 'Stored status changes of a lift, newest first',
          querystring: ZPageQuery.extend({
            lift_id: z.coerce.number().int().positive(),
            from: z.coerce.date().optional(),
            to: z.coerce.date().optional(),
          }),
          response: { 200: dataOf(pageOf(ZHistoryItem)) },
        },
      },
      async (req) => {
        const lift = await liftInScope(ctx.db, scopeOf(req), req.query.lift_id);
        if (!lift) throw new AppError(4064);
        return { data: await statusHistory(ctx.db, lift.id, req.query) };
      },
    );
  },
};
