import { z } from 'zod';
import type { Module } from '../../platform/context.ts';
import { pingDatabase } from '../../platform/db.ts';

const ZHealth = z.object({
  data: z.object({ status: z.enum(['ok', 'degraded']), db: z.boolean(), engine: z.string(), uptime_s: z.number() }),
});

export const healthModule: Module = {
  name: 'health',
  register(api, ctx) {
    api.get(
      '/health',
      {
        config: { auth: 'public' },
        schema: { tags: ['platform'], summary: 'Liveness and database reachability', response: { 200: ZHealth } },
      },
      async () => {
        const db = await pingDatabase(ctx.db);
        return {
          data: { status: db ? ('ok' as const) : ('degraded' as const), db, engine: ctx.engine, uptime_s: Math.round(process.uptime()) },
        };
      },
    );
  },
};
