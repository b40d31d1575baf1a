import {
  dataOf,
  pageOf,
  ZIdBody,
  ZLiftPushParams,
  ZPageQuery,
  ZPusherAccountInput,
  ZPusherAccountItem,
  ZPusherAccountUpdate,
  ZPushLogItem,
  ZPushLogQuery,
  ZPushRequest,
} from '@liftguard/contract';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth.ts';
import { Channels } from '../../platform/bus.ts';
import type { Module } from '../../platform/context.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

const tags = ['pusher'];
const ZOkTrue = dataOf(z.literal(true));

export const pushModule: Module = {
  name: 'push',
  register(api, ctx) {
    service.startPush(ctx, (handler) => ctx.bus.subscribe(Channels.faultRaised, handler));

    api.get(
      '/pusher/list',
      {
        schema: {
          tags,
          summary: 'Regulatory platform accounts of the scope',
          querystring: ZPageQuery,
          response: { 200: dataOf(pageOf(ZPusherAccountItem)) },
        },
      },
      async (req) => {
        const { rows, total } = await repo.listAccounts(ctx.db, scopeOf(req).scopePath, req.query);
        return {
          data: {
            list: rows.map(({ secret, created_at, ...r }) => ({
              ...r,
              has_secret: secret.length > 0,
              insert_time: new Date(created_at).toISOString(),
            })),
            pageNumber: req.query.page,
            totalRow: total,
          },
        };
      },
    );

    api.post(
      '/pusher/add',
      {
        schema: {
          tags,
          summary: 'Add a regulatory platform account',
          body: ZPusherAccountInput,
          response: { 200: dataOf(z.object({ id: z.number().int() })) },
        },
      },
      async (req) => ({ data: { id: await service.addAccount(ctx, scopeOf(req), req.body, req.ip) } }),
    );

    api.put(
      '/pusher/update',
      {
        schema: {
          tags,
          summary: 'Edit an account; the same account and secret as before answers 4105; leave the secret out to keep it',
          body: ZPusherAccountUpdate.extend({ secret: ZPusherAccountInput.shape.secret.optional() }),
          response: { 200: ZOkTrue },
        },
      },
      async (req) => {
        await service.updateAccount(ctx, scopeOf(req), req.body, req.ip);
        return { data: true as const };
      },
    );

    api.put(
      '/pusher/delete',
      { schema: { tags, summary: 'Remove an account', body: ZIdBody, response: { 200: ZOkTrue } } },
      async (req) => {
        await service.deleteAccount(ctx, scopeOf(req), req.body.id, req.ip);
        return { data: true as const };
      },
    );

    api.get(
      '/pusher/liftparams',
      {
        schema: {
          tags,
          summary: 'Push parameters of a lift',
          querystring: z.object({ lift_id: z.coerce.number().int().positive() }),
          response: { 200: dataOf(ZLiftPushParams) },
        },
      },
      async (req) => ({ data: await service.liftParams(ctx, scopeOf(req), req.query.lift_id) }),
    );

    api.put(
      '/pusher/liftparams',
      {
        schema: {
          tags,
          summary: 'Set push parameters of a lift (all three required: 4183)',
          body: ZLiftPushParams,
          response: { 200: ZOkTrue },
        },
      },
      async (req) => {
        await service.saveLiftParams(ctx, scopeOf(req), req.body, req.ip);
        return { data: true as const };
      },
    );

    api.post(
      '/pusher/push',
      {
        schema: {
          tags,
          summary: 'Queue a push of lift registration and/or status to every configured platform',
          body: ZPushRequest,
          response: { 200: dataOf(z.object({ queued: z.number().int() })) },
        },
      },
      async (req) => ({ data: await service.pushLift(ctx, scopeOf(req), req.body.lift_id, req.body.kinds, req.ip) }),
    );

    api.get(
      '/pusher/loglist',
      { schema: { tags, summary: 'Push log of the scope', querystring: ZPushLogQuery, response: { 200: dataOf(pageOf(ZPushLogItem)) } } },
      async (req) => {
        const { rows, total } = await repo.listLogs(ctx.db, scopeOf(req), req.query);
        return {
          data: {
            list: rows.map(({ created_at, sent_at, ...r }) => ({
              ...r,
              id: Number(r.id),
              insert_time: new Date(created_at).toISOString(),
              sent_at: sent_at ? new Date(sent_at).toISOString() : null,
            })),
            pageNumber: req.query.page,
            totalRow: total,
          },
        };
      },
    );
  },
};
