import { errorText, pickLocale, ZLiveClientMessage } from '@liftguard/contract';
import type { FastifyInstance } from 'fastify';
import { resolveToken } from '../platform/auth.ts';
import type { AppContext } from '../platform/context.ts';
import { liftIdsInScope } from '../platform/scope.ts';
import { LiveHub } from './hub.ts';

/**
 * `WS /ws/live/{token}` (SPEC.md §4, §7). The token is checked on open; a bad one gets
 * `{code, msg}` and a close with 4000 + code. Once open the server sends `{code: 200}`; the
 * client sends `{type: 'subscribe' | 'cancel', data: [terminal ids]}`.
 */
export async function registerLiveChannel(app: FastifyInstance, ctx: AppContext): Promise<LiveHub> {
  // a membership narrowed to some communities sees live events of the lifts of those communities only
  const hub = new LiveHub(ctx.bus, async (auth) =>
    auth.scopePath === null
      ? new Set<number>()
      : new Set(await liftIdsInScope(ctx.db, { scopePath: auth.scopePath, communityIds: auth.communityIds, isRoot: auth.isRoot })),
  );
  ctx.onClose(() => hub.close());
  app.get<{ Params: { token: string } }>('/ws/live/:token', { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const token = req.params.token;
    const resolved =
      token.length > 0 && token.length <= 200
        ? await resolveToken(ctx.db, token).catch(() => ({ code: 402 as const }))
        : { code: 402 as const };
    if ('code' in resolved) {
      const msg = errorText(resolved.code, pickLocale(req.headers['accept-language']));
      socket.send(JSON.stringify({ code: resolved.code, msg }), () => socket.close(4000 + resolved.code, String(resolved.code)));
      return;
    }
    const lifts = await hub.grantedLifts(resolved).catch(() => new Set<number>());
    const conn = hub.add(socket, resolved, lifts);
    socket.on('message', (raw) => {
      let parsed: ReturnType<typeof ZLiveClientMessage.safeParse>;
      try {
        parsed = ZLiveClientMessage.safeParse(JSON.parse(raw.toString()));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const { type, data } = parsed.data;
      for (const id of data) {
        if (type === 'subscribe') {
          if (conn.terminals.size < 5000) conn.terminals.add(id);
        } else conn.terminals.delete(id);
      }
    });
    socket.send(JSON.stringify({ code: 200 }));
  });
  return hub;
}
