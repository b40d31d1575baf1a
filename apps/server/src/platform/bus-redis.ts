import { Redis } from 'ioredis';
import type { Bus } from './bus.ts';

/**
 * The Bus over Redis pub/sub, so several server instances share events (live channel,
 * forced_offline, fault pipeline). One connection publishes, one subscribes; messages are JSON.
 * A handler sees its own instance's messages too, exactly like the local bus.
 *
 * Like the local bus, it never rejects: callers publish fire-and-forget, so a Redis outage is
 * reported through `onError` (ioredis reconnects by itself) instead of crashing the process.
 * Durable work (fault alerts) does not depend on the bus: the alert sweeper re-reads the database.
 */
export async function createRedisBus(redisUrl: string, onError: (err: unknown) => void = () => undefined): Promise<Bus> {
  // `?channel_prefix=x:` keeps deployments (or test runs) sharing one Redis apart; default `lg:`
  const u = new URL(redisUrl);
  const prefix = u.searchParams.get('channel_prefix') ?? 'lg:';
  u.searchParams.delete('channel_prefix');
  const url = u.toString();
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  let closed = false;
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  sub.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel.slice(prefix.length));
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const h of set) {
      try {
        h(message);
      } catch {
        // a failing handler must not stop the others
      }
    }
  });
  return {
    publish: async (channel, message) => {
      if (closed) return;
      await pub.publish(prefix + channel, JSON.stringify(message)).catch(onError);
    },
    subscribe: (channel, handler) => {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (!closed) sub.subscribe(prefix + channel).catch(onError);
      }
      set.add(handler);
      return () => {
        const s = handlers.get(channel);
        if (!s) return;
        s.delete(handler);
        if (s.size === 0) {
          handlers.delete(channel);
          if (!closed) sub.unsubscribe(prefix + channel).catch(onError);
        }
      };
    },
    close: async () => {
      closed = true;
      handlers.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
