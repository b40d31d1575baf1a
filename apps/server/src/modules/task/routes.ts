import { dataOf, ZApproveSignature, ZTaskItem, ZTaskResolve } from '@liftguard/contract';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import * as service from './service.ts';

const tags = ['task'];

export const taskModule: Module = {
  name: 'task',
  register(api, ctx) {
    api.get(
      '/task/getlist',
      {
        schema: {
          tags,
          summary: 'Open tasks addressed to the current company (4088 without one)',
          response: { 200: dataOf(z.array(ZTaskItem)) },
        },
      },
      async (req) => ({ data: await service.listTasks(ctx, scopeOf(req)) }),
    );

    api.put(
      '/task/resolve',
      { schema: { tags, summary: 'Agree (1) or refuse (-1) a task', body: ZTaskResolve, response: { 200: dataOf(z.literal(true)) } } },
      async (req) => {
        await service.resolveTask(ctx, scopeOf(req), req.body.id, req.body.resolved as 1 | -1, req.ip);
        return { data: true as const };
      },
    );

    api.put(
      '/depart/approvesignature',
      {
        schema: {
          tags,
          summary: 'Approve (1) or reject (-1) the SMS signature a company asked for; id is that company',
          body: ZApproveSignature,
          response: { 200: dataOf(z.object({ id: z.number().int(), sms_signature: z.string(), sms_signature_enabled: z.number().int() })) },
        },
      },
      async (req) => ({
        data: await service.approveSignature(
          ctx,
          scopeOf(req),
          req.body.id,
          req.body.sms_signature_enabled as 1 | -1,
          req.body.sms_signature,
          req.ip,
        ),
      }),
    );
  },
};
