import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Gateway, startGateway } from '../src/gateway/index.ts';
import { createMemoryLockStore, createRedisLockStore, type LockStore } from '../src/gateway/lock-store.ts';
import { exclusionError, MonitorLocks } from '../src/gateway/monitor-lock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ALL_COMMAND_URIS, OPERATOR_PASSWORD, seedOperator } from './command-fixtures.ts';
import { serviceAvailable } from './external-services.ts';
import { type RealtimeHarness, rand, type SeededLift, seedCompany, seedLift, startRealtime } from './realtime-fixtures.ts';

/**
 * Monitoring / rescue / file-download exclusion (SPEC.md §2, §4) across server instances: the
 * holds live behind a LockStore, in memory by default and on Redis with REDIS_URL.
 */
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const hasRedis = await serviceAvailable(REDIS, 'Redis');

describe('monitor locks in memory (one instance)', () => {
  it('one holder per lift; the same holder renews; release by the holder only; a lease runs out', async () => {
    let now = 1_000_000;
    const locks = new MonitorLocks(
      createMemoryLockStore(() => now),
      10_000,
    );
    expect((await locks.acquire(1, 'monitor', 'user:1')).ok).toBe(true);
    const blocked = await locks.acquire(1, 'rescue', 'rescuer');
    expect(blocked).toMatchObject({ ok: false, blockedBy: { activity: 'monitor', holder: 'user:1' } });
    await expect(locks.take(1, 'file', 'user:2')).rejects.toMatchObject({ code: 4059 });
    now += 8_000;
    expect((await locks.acquire(1, 'monitor', 'user:1')).ok).toBe(true); // renewed for 10 s more
    now += 8_000;
    expect((await locks.current(1))?.holder).toBe('user:1');
    expect(await locks.release(1, 'user:2')).toBe(false);
    expect(await locks.release(1, 'user:1')).toBe(true);
    expect(await locks.current(1)).toBeNull();
    await locks.acquire(1, 'file', 'dl');
    now += 10_001;
    expect(await locks.current(1)).toBeNull();
    expect((await locks.acquire(1, 'rescue', 'rescuer')).ok).toBe(true);
  });

  it('maps the hold in the way to its error', () => {
    expect(exclusionError('monitor', 'rescue')).toBe(4058);
    expect(exclusionError('monitor', 'file')).toBe(4204);
    expect(exclusionError('file', 'monitor')).toBe(4059);
    expect(exclusionError('rescue', 'monitor')).toBe(4057);
  });
});

describe.skipIf(!hasRedis)('monitor locks shared by two server instances through Redis', () => {
  // a private key prefix keeps parallel runs on the shared Redis apart
  const redisUrl = `${REDIS}/0?channel_prefix=t${rand()}:`;
  let a: RealtimeHarness;
  let b: BuiltApp;
  let gwB: Gateway;
  let lift: SeededLift;
  let watcher: { token: string; userId: number };
  let operator: { token: string; userId: number };

  const sendOn = async (app: BuiltApp['app'], token: string, body: Record<string, unknown>) =>
    (await app.inject({ method: 'POST', url: '/api/device/sendmqtt', headers: { authorization: token }, payload: body })).json() as {
      code?: number;
      data?: { id: string };
    };

  beforeAll(async () => {
    a = await startRealtime({ REDIS_URL: redisUrl });
    // the second instance: same database and Redis, its own HTTP server and broker
    b = await buildApp(
      loadConfig(
        {},
        {
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: `/tmp/liftguard-test-${process.pid}`,
          REDIS_URL: redisUrl,
          HOST: '127.0.0.1',
          MQTT_PORT: '0',
          MQTT_WS_PORT: '0',
        },
      ),
      a.handle,
    );
    await b.app.ready();
    gwB = await startGateway(b.ctx, { flushMs: 100, topicRoot: a.gateway.topicRoot });
    const company = await seedCompany(a.handle.db, 'Locks Co');
    lift = await seedLift(a.handle.db, company.id);
    watcher = await seedOperator(a.handle.db, company.id, ALL_COMMAND_URIS);
    operator = await seedOperator(a.handle.db, company.id, ALL_COMMAND_URIS);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('uses the Redis store on both instances', () => {
    expect(a.gateway.monitor.store.kind).toBe('redis');
    expect(gwB.monitor.store.kind).toBe('redis');
  });

  it('a monitor taken on instance A blocks rescue, another monitor holder, file download and lift commands on B; release on A frees B', async () => {
    const on = await sendOn(a.app, watcher.token, { action: 'monitor', terminal_id: lift.terminalId, data: { on: true } });
    expect(on.code).toBeUndefined();
    expect(await gwB.monitor.current(lift.liftId)).toMatchObject({ activity: 'monitor', holder: `user:${watcher.userId}` });
    expect(await gwB.monitor.acquire(lift.liftId, 'rescue', 'rescuer')).toMatchObject({ ok: false, blockedBy: { activity: 'monitor' } });
    expect((await gwB.monitor.acquire(lift.liftId, 'monitor', 'user:other')).ok).toBe(false);
    await expect(gwB.monitor.take(lift.liftId, 'file', 'downloader')).rejects.toMatchObject({ code: 4059 });
    // another operator's lift command through instance B: the lift is being monitored (4057)
    const lock = await sendOn(b.app, operator.token, { action: 'lock', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD });
    expect(lock.code).toBe(4057);
    // B cannot release A's hold on someone else's behalf
    expect(await gwB.monitor.release(lift.liftId, 'user:other')).toBe(false);

    const off = await sendOn(a.app, watcher.token, { action: 'monitor', terminal_id: lift.terminalId, data: { on: false } });
    expect(off.code).toBeUndefined();
    expect(await gwB.monitor.current(lift.liftId)).toBeNull();
    const rescue = await gwB.monitor.acquire(lift.liftId, 'rescue', 'rescuer');
    expect(rescue.ok).toBe(true);
    // and now the rescue on B refuses monitoring through A (4058)
    const refused = await sendOn(a.app, watcher.token, { action: 'monitor', terminal_id: lift.terminalId, data: { on: true } });
    expect(refused.code).toBe(4058);
    expect(await gwB.monitor.release(lift.liftId, 'rescuer')).toBe(true);
  });

  it('a hold whose holder died frees itself when its lease runs out; a kept hold is renewed', async () => {
    // a third "instance" takes a file download and dies without releasing (its connection closes)
    const dying: LockStore = await createRedisLockStore(redisUrl);
    const dead = new MonitorLocks(dying);
    expect((await dead.acquire(lift.liftId, 'file', 'downloader', 600)).ok).toBe(true);
    await dying.close();
    const blocked = await sendOn(b.app, watcher.token, { action: 'monitor', terminal_id: lift.terminalId, data: { on: true } });
    expect(blocked.code).toBe(4204);
    await new Promise((r) => setTimeout(r, 700));
    expect(await a.gateway.monitor.current(lift.liftId)).toBeNull();
    const now = await sendOn(b.app, watcher.token, { action: 'monitor', terminal_id: lift.terminalId, data: { on: true } });
    expect(now.code).toBeUndefined();
    expect(await a.gateway.monitor.current(lift.liftId)).toMatchObject({ activity: 'monitor' });
    await sendOn(b.app, watcher.token, { action: 'monitor', terminal_id: lift.terminalId, data: { on: false } });

    // a live holder keeps its hold past the lease by renewing it
    const kept = await a.gateway.monitor.keep(lift.liftId, 'rescue', 'rescuer', { leaseMs: 400 });
    await new Promise((r) => setTimeout(r, 900));
    expect(await gwB.monitor.current(lift.liftId)).toMatchObject({ activity: 'rescue', holder: 'rescuer' });
    await kept.stop();
    expect(await gwB.monitor.current(lift.liftId)).toBeNull();
  });

  it('release is compare-and-delete: a holder whose lease ran out cannot free the next holder', async () => {
    const store = a.gateway.monitor.store;
    expect((await store.acquire('probe', 'first', 200)).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect((await store.acquire('probe', 'second', 5_000)).ok).toBe(true);
    expect(await store.release('probe', 'first')).toBe(false);
    expect(await store.renew('probe', 'first', 5_000)).toBe(false);
    expect(await store.peek('probe')).toMatchObject({ token: 'second' });
    expect(await store.release('probe', 'second')).toBe(true);
    expect(await store.peek('probe')).toBeNull();
  });
});
