import { dataOf, pageOf, ZPageQuery } from '@liftguard/contract';
import { z } from 'zod';
import type { Module } from '../../platform/context.ts';

/** One recorded server exception (an unexpected error the API answered with code -1). */
export const ZServerException = z.object({
  id: z.number().int(),
  at: z.string(),
  request_id: z.string().nullable(),
  method: z.string().nullable(),
  url: z.string().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
});
export type TServerException = z.infer<typeof ZServerException>;

/** Developer pages (SPEC.md §2 `/dev/exception`): read-only, root only. */
export const devModule: Module = {
  name: 'dev',
  register(api, { db }) {
    api.get(
      '/dev/exception/list',
      {
        config: { auth: 'root' },
        schema: {
          tags: ['dev'],
          summary: 'Server exceptions, newest first (keyword: message or URL)',
          querystring: ZPageQuery,
          response: { 200: dataOf(pageOf(ZServerException)) },
        },
      },
      async (req) => {
        const q = req.query;
        let base = db.selectFrom('server_exception');
        const kw = q.keyword?.trim();
        if (kw) {
          const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          base = base.where((eb) => eb.or([eb('message', 'ilike', like), eb('url', 'ilike', like)]));
        }
        const [rows, count] = await Promise.all([
          base
            .select(['id', 'at', 'request_id', 'method', 'url', 'message', 'stack'])
            .orderBy('id', 'desc')
            .limit(q.size)
            .offset((q.page - 1) * q.size)
            .execute(),
          base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
        ]);
        return {
          data: {
            list: rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() })),
            pageNumber: q.page,
            totalRow: Number(count?.n ?? 0),
          },
        };
      },
    );
  },
};
