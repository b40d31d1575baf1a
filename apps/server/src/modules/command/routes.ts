import { commandUri, dataOf, pageOf, REMOTE_ACTIONS, ZCommand, ZCommandListQuery } from '@liftguard/contract';
import { z } from 'zod';
import { actorOf, scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { commandCenterOf } from './center.ts';
import { listCommands } from './repo.ts';
import { sendMqtt } from './service.ts';

const tags = ['command'];

/** Remote control of lifts (issue 6): POST /device/sendmqtt and the per-lift command history. */
export const commandModule: Module = {
  name: 'command',
  register(api, ctx) {
    commandCenterOf(ctx);

    api.post(
      '/device/sendmqtt',
      {
        schema: {
          tags,
          summary: 'Send a remote command to a lift (lock, unlock, stop, forced descent, doors, call floor, monitor)',
          description:
            'Needs the route URI /device/sendmqtt and the per-action URI /device/sendmqtt/<action>. Lift commands ask for the user password again. The answer is the command as queued/sent; its lifecycle follows as live `command_state` events.',
          // validated in the service so that every bad parameter answers 4046
          body: z.record(z.string(), z.unknown()),
          response: { 200: dataOf(ZCommand) },
        },
      },
      async (req) => {
        const cmd = await sendMqtt(ctx, actorOf(req), req.body);
        return { data: cmd };
      },
    );

    // One route per action as well: the write guard checks `/device/sendmqtt/<action>` by itself and
    // the resource tree lists each action as a grantable URI (the role editor shows them).
    for (const action of REMOTE_ACTIONS) {
      api.post(
        commandUri(action),
        {
          schema: {
            tags,
            summary: `Remote command: ${action.replace('_', ' ')}`,
            body: z.record(z.string(), z.unknown()),
            response: { 200: dataOf(ZCommand) },
          },
        },
        async (req) => {
          const cmd = await sendMqtt(ctx, actorOf(req), { ...req.body, action });
          return { data: cmd };
        },
      );
    }

    api.get(
      '/device/command/list',
      {
        schema: {
          tags,
          summary: 'Commands of a lift (or terminal), newest first, with their lifecycle',
          querystring: ZCommandListQuery,
          response: { 200: dataOf(pageOf(ZCommand)) },
        },
      },
      async (req) => {
        const { list, total } = await listCommands(ctx.db, scopeOf(req), req.query);
        return { data: { list, pageNumber: req.query.page, totalRow: total } };
      },
    );
  },
};
