import { dataOf, pageOf, ZOutboxEntry, ZOutboxQuery } from '@liftguard/contract';
import type { Module } from '../../platform/context.ts';

/**
 * The outbox: every message the default sender "sent" (verification codes, alerts) when no
 * provider is configured. Root only — bodies can hold codes.
 */
export const outboxModule: Module = {
  name: 'outbox',
  register(api, ctx) {
    api.get(
      '/dev/outbox/list',
      {
        config: { auth: 'root' },
        schema: {
          tags: ['platform'],
          summary: 'Messages written by the default sender (root)',
          querystring: ZOutboxQuery,
          response: { 200: dataOf(pageOf(ZOutboxEntry)) },
        },
      },
      async (req) => {
        const { page, size, channel, target } = req.query;
        let q = ctx.db.selectFrom('outbox');
        if (channel) q = q.where('channel', '=', channel);
        if (target) q = q.where('target', '=', target);
        const [rows, total] = await Promise.all([
          q
            .selectAll()
            .orderBy('id', 'desc')
            .limit(size)
            .offset((page - 1) * size)
            .execute(),
          q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        ]);
        const list = rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() }));
        return { data: { list, pageNumber: page, totalRow: Number(total.n) } };
      },
    );
  },
};
