import { SimTerminal } from '@liftguard/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { Channels } from '../src/platform/bus.ts';
import { loadConfig } from '../src/platform/config.ts';
import { serviceAvailable } from './external-services.ts';
import {
  type LiveClient,
  openLive,
  type RealtimeHarness,
  rand,
  seedCompany,
  seedLift,
  seedSession,
  startRealtime,
  waitFor,
} from './realtime-fixtures.ts';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const hasRedis = await serviceAvailable(REDIS, 'Redis');

describe.skipIf(!hasRedis)('two server instances sharing the live channel through Redis', () => {
  // a private channel prefix keeps parallel runs on the shared Redis apart
  const redisUrl = `${REDIS}/0?channel_prefix=t${rand()}:`;
  let one: RealtimeHarness;
  let two: BuiltApp;
  let twoUrl: string;
  let term: SimTerminal;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    one = await startRealtime({ REDIS_URL: redisUrl });
    // the second instance: same database, own HTTP server, no broker of its own
    two = await buildApp(
      loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `/tmp/liftguard-test-${process.pid}`, REDIS_URL: redisUrl }),
      one.handle,
    );
    await two.app.listen({ host: '127.0.0.1', port: 0 });
    const addr = two.app.server.address();
    twoUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await term?.stop();
    await two?.close();
    await one?.close();
  });

  it('delivers a status reported to instance one to a browser on instance two', async () => {
    const company = await seedCompany(one.handle.db, 'Redis Co');
    const lift = await seedLift(one.handle.db, company.id);
    const { token, sessionId } = await seedSession(one.handle.db, company.id);
    const browser = await openLive(twoUrl, token);
    clients.push(browser);
    await waitFor(() => browser.messages.some((m) => m.code === 200));
    browser.send({ type: 'subscribe', data: [lift.terminalId] });
    await new Promise((r) => setTimeout(r, 100));

    term = new SimTerminal({
      url: one.mqttUrl,
      id: lift.terminalId,
      secret: lift.secret,
      root: one.gateway.topicRoot,
      traffic: false,
      statusIntervalMs: 60_000,
    });
    await term.start();
    term.send('U01', { floor: 9, floor_display: '9', direction: 'down', door: 'closed', run_state: 'normal', occupied: true });
    const got = await waitFor(() => browser.actions('up_report_status').find((m) => (m.data as { floor: number }).floor === 9));
    expect(got).toMatchObject({ terminal_id: lift.terminalId, lift_id: lift.liftId });

    // a session ended on instance one is forced offline on instance two
    await one.ctx.bus.publish(Channels.sessionEnded, { userId: 0, sessionId, reason: 'signed_in_elsewhere' });
    await waitFor(() => browser.actions('forced_offline').length === 1);
  });
});
