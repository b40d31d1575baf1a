import { Redis } from 'ioredis';
import type { Bus } from './bus.ts';

/**
 * The Bus over Redis pub/sub, so several server instances share events (live channel,
 * forced_offline, fault pipeline). One connection publishes, one subscribes; messages are JSON.
 * A handler sees its own instance's messages too, exactly like the local bus.
 */
export async function createRedisBus(redisUrl: string): Promise<Bus> {
  // `?channel_prefix=x:` keeps deployments (or test runs) sharing one Redis apart; default `lg:`
  const u = new URL(redisUrl);
  const prefix = u.searchParams.get('channel_prefix') ?? 'lg:';
  u.searchParams.delete('channel_prefix');
  const url = u.toString();
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  await Promise.all([pub.connect(), sub.connect()]);
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
      await pub.publish(prefix + channel, JSON.stringify(message));
    },
    subscribe: (channel, handler) => {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        void sub.subscribe(prefix + channel);
      }
      set.add(handler);
      return () => {
        const s = handlers.get(channel);
        if (!s) return;
        s.delete(handler);
        if (s.size === 0) {
          handlers.delete(channel);
          void sub.unsubscribe(prefix + channel);
        }
      };
    },
    close: async () => {
      handlers.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
