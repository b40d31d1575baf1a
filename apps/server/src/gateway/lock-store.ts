import { Redis } from 'ioredis';

/**
 * Leased locks shared by the server instances (monitoring / rescue / file download exclusion).
 * A lock is a key holding an owner token for a lease; only the token's holder may renew or
 * release it, and a lock whose holder died frees itself when the lease runs out.
 *
 * In memory (one instance) by default; on Redis when REDIS_URL is set, so every instance sees
 * the same holds: `SET key token NX PX lease` to take, compare-and-pexpire to renew and
 * compare-and-delete to release (Lua, atomic), so a late release never frees someone else's lock.
 */
export type LockStore = {
  readonly kind: 'memory' | 'redis';
  /** take `key` for `token` for `ttlMs`; when someone holds it, answers their token and remaining lease */
  acquire: (key: string, token: string, ttlMs: number) => Promise<{ ok: true } | { ok: false; token: string; ttlMs: number }>;
  /** extend the lease while `token` still holds the key */
  renew: (key: string, token: string, ttlMs: number) => Promise<boolean>;
  /** delete the key only while `token` still holds it */
  release: (key: string, token: string) => Promise<boolean>;
  /** the current holder's token and remaining lease */
  peek: (key: string) => Promise<{ token: string; ttlMs: number } | null>;
  close: () => Promise<void>;
};

export function createMemoryLockStore(now: () => number = Date.now): LockStore {
  const locks = new Map<string, { token: string; until: number }>();
  const live = (key: string) => {
    const l = locks.get(key);
    if (l && l.until <= now()) {
      locks.delete(key);
      return undefined;
    }
    return l;
  };
  return {
    kind: 'memory',
    acquire: async (key, token, ttlMs) => {
      const l = live(key);
      if (l) return { ok: false, token: l.token, ttlMs: l.until - now() };
      locks.set(key, { token, until: now() + ttlMs });
      return { ok: true };
    },
    renew: async (key, token, ttlMs) => {
      const l = live(key);
      if (!l || l.token !== token) return false;
      l.until = now() + ttlMs;
      return true;
    },
    release: async (key, token) => {
      const l = live(key);
      if (!l || l.token !== token) return false;
      locks.delete(key);
      return true;
    },
    peek: async (key) => {
      const l = live(key);
      return l ? { token: l.token, ttlMs: l.until - now() } : null;
    },
    close: async () => {
      locks.clear();
    },
  };
}

const ACQUIRE = `
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {1, ARGV[1], tonumber(ARGV[2])} end
return {0, redis.call('get', KEYS[1]), redis.call('pttl', KEYS[1])}`;
const RENEW = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
return 0`;
const RELEASE = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;
const PEEK = `return {redis.call('get', KEYS[1]), redis.call('pttl', KEYS[1])}`;

/**
 * Locks on Redis. Keys are `<prefix>lock:<key>`; the prefix is the bus's (`?channel_prefix=` of
 * REDIS_URL, default `lg:`), so deployments or test runs sharing a Redis stay apart.
 */
export async function createRedisLockStore(redisUrl: string, onError: (err: unknown) => void = () => undefined): Promise<LockStore> {
  const u = new URL(redisUrl);
  const prefix = `${u.searchParams.get('channel_prefix') ?? 'lg:'}lock:`;
  u.searchParams.delete('channel_prefix');
  const redis = new Redis(u.toString(), { lazyConnect: true, maxRetriesPerRequest: 3 });
  redis.on('error', onError);
  await redis.connect();
  const run = (script: string, key: string, ...args: Array<string | number>) =>
    redis.eval(script, 1, prefix + key, ...args.map(String)) as Promise<unknown>;
  return {
    kind: 'redis',
    acquire: async (key, token, ttlMs) => {
      // one script: the SET NX PX and, when it fails, the holder's token and lease, read atomically
      const [ok, current, pttl] = (await run(ACQUIRE, key, token, Math.max(1, Math.round(ttlMs)))) as [number, string, number];
      return ok === 1 ? { ok: true } : { ok: false, token: current, ttlMs: Math.max(0, pttl) };
    },
    renew: async (key, token, ttlMs) => Number(await run(RENEW, key, token, Math.max(1, Math.round(ttlMs)))) === 1,
    release: async (key, token) => Number(await run(RELEASE, key, token)) === 1,
    peek: async (key) => {
      const [token, pttl] = (await run(PEEK, key)) as [string | null, number];
      return token === null ? null : { token, ttlMs: pttl < 0 ? 0 : pttl };
    },
    close: async () => {
      await redis.quit().catch(() => undefined);
    },
  };
}
