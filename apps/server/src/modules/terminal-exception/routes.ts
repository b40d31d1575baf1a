import { dataOf, pageOf, ZPageQuery } from '@liftguard/contract';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { listExceptions } from './repo.ts';

export const ZTerminalExceptionItem = z.object({
  id: z.number().int(),
  terminal_id: z.string().nullable(),
  topic: z.string(),
  kind: z.string(),
  message: z.string(),
  payload: z.string().nullable(),
  at: z.string(),
});

export const terminalExceptionModule: Module = {
  name: 'terminal-exception',
  register(api, ctx) {
    api.get(
      '/terminal_exception/list',
      {
        schema: {
          tags: ['dev'],
          summary: 'Malformed or refused terminal messages (root: all; others: their scope)',
          querystring: ZPageQuery,
          response: { 200: dataOf(pageOf(ZTerminalExceptionItem)) },
        },
      },
      async (req) => {
        const auth = authOf(req);
        if (!auth.isRoot && !auth.scopePath) throw new AppError(4088);
        return {
          data: await listExceptions(
            ctx.db,
            auth.isRoot ? null : { scopePath: auth.scopePath as string, communityIds: auth.communityIds, isRoot: false },
            req.query,
          ),
        };
      },
    );
  },
};
