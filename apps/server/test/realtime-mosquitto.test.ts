import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { downTopic, upTopic } from '@liftguard/contract';
import { SimTerminal } from '@liftguard/simulator';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programAvailable, serviceAvailable } from './external-services.ts';
import { type RealtimeHarness, rand, type SeededLift, seedCompany, seedLift, startRealtime, waitFor } from './realtime-fixtures.ts';

const SYSTEM_BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const hasBroker = await serviceAvailable(SYSTEM_BROKER, 'Mosquitto');
const hasMosquittoProgram = programAvailable('mosquitto');

describe.skipIf(!hasBroker)('gateway on the machine Mosquitto (external broker)', () => {
  let h: RealtimeHarness;
  let lift: SeededLift;
  let term: SimTerminal;

  beforeAll(async () => {
    h = await startRealtime({ MQTT_URL: SYSTEM_BROKER }, { heartbeatTimeoutMs: 1500 });
    const c = await seedCompany(h.handle.db, 'Mosquitto Co');
    lift = await seedLift(h.handle.db, c.id);
    term = new SimTerminal({
      url: SYSTEM_BROKER,
      id: lift.terminalId,
      secret: lift.secret,
      root: h.gateway.topicRoot,
      traffic: false,
      statusIntervalMs: 60_000,
      heartbeatMs: 60_000,
      persistentSession: false,
    });
    await term.start();
  });
  afterAll(async () => {
    await term?.stop();
    await h?.close();
  });

  it('stores duplicate deliveries once', async () => {
    await term.sendAsync('U03', { code: 'DOOR_OPEN_FAIL', floor: 1, floor_display: '1', trapped: false }, 'm-dup');
    await term.sendAsync('U03', { code: 'DOOR_OPEN_FAIL', floor: 1, floor_display: '1', trapped: false }, 'm-dup');
    await term.sendAsync('U05', { room_id: null, floor: 1 }, 'h-dup');
    await term.sendAsync('U05', { room_id: null, floor: 1 }, 'h-dup');
    await waitFor(
      async () => (await h.handle.db.selectFrom('help_event').select('id').where('lift_id', '=', lift.liftId).execute()).length > 0,
    );
    await h.gateway.flush();
    const faults = await h.handle.db.selectFrom('fault').select(['repeat_count']).where('lift_id', '=', lift.liftId).execute();
    expect(faults).toEqual([{ repeat_count: 1 }]);
    expect(await h.handle.db.selectFrom('help_event').select('id').where('lift_id', '=', lift.liftId).execute()).toHaveLength(1);
  });

  it('records a malformed payload and keeps ingesting', async () => {
    await term.client?.publishAsync(upTopic(lift.terminalId, 'U01', h.gateway.topicRoot), '{"mid":"x","ts":1,"floor":"high"}', { qos: 1 });
    await waitFor(
      async () =>
        (await h.handle.db.selectFrom('terminal_exception').select('kind').where('terminal_id', '=', lift.terminalId).executeTakeFirst())
          ?.kind === 'invalid_payload',
    );
    term.send('U01', { floor: 4, floor_display: '4', direction: 'stop', door: 'open', run_state: 'normal', occupied: false });
    await waitFor(() => h.gateway.liveStatus(lift.terminalId)?.status.floor === 4);
  });

  it('takes a silent terminal offline on time', async () => {
    await waitFor(
      async () =>
        (await h.handle.db.selectFrom('terminal').select('online').where('terminal_id', '=', lift.terminalId).executeTakeFirst())?.online,
    );
    term.silence();
    await waitFor(
      async () =>
        !(await h.handle.db.selectFrom('terminal').select('online').where('terminal_id', '=', lift.terminalId).executeTakeFirst())?.online,
      8000,
    );
    const silentFor = Date.now() - term.lastSentAt;
    expect(silentFor).toBeGreaterThan(1400);
    expect(silentFor).toBeLessThan(6000);
  });
});

/** A private Mosquitto with per-terminal passwords and a topic ACL, as docs/protocol.md describes for production. */
async function startPrivateMosquitto(
  root: string,
  users: Array<{ username: string; password: string }>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-mosq-'));
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
  const passwd = path.join(dir, 'passwd');
  fs.writeFileSync(passwd, '');
  for (const u of users) execFileSync('mosquitto_passwd', ['-b', passwd, u.username, u.password]);
  fs.writeFileSync(
    path.join(dir, 'acl'),
    `user liftguard-server\ntopic readwrite ${root}/#\n\npattern write ${root}/t/%u/up/#\npattern read ${root}/t/%u/down\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'mosquitto.conf'),
    `listener ${port} 127.0.0.1\nallow_anonymous false\npassword_file ${passwd}\nacl_file ${path.join(dir, 'acl')}\npersistence false\nuser root\n`,
  );
  for (const f of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, f), 0o600);
  const proc: ChildProcess = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  await waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
    5000,
  );
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!hasMosquittoProgram)('topic ACL on an external Mosquitto with per-terminal credentials', () => {
  const root = `lga${rand()}`;
  const serverPassword = `srv-${rand()}${rand()}`;
  let broker: Awaited<ReturnType<typeof startPrivateMosquitto>>;
  let h: RealtimeHarness;
  let a: SeededLift;
  let b: SeededLift;

  beforeAll(async () => {
    // seed first to know the terminal secrets, then start the broker with them
    const pre = await startRealtime({}, { topicRoot: root });
    const c = await seedCompany(pre.handle.db, 'ACL Co');
    a = await seedLift(pre.handle.db, c.id);
    b = await seedLift(pre.handle.db, c.id);
    broker = await startPrivateMosquitto(root, [
      { username: 'liftguard-server', password: serverPassword },
      { username: a.terminalId, password: a.secret },
      { username: b.terminalId, password: b.secret },
    ]);
    await pre.gateway.close();
    // the same database behind a gateway on the external broker
    const { startGateway } = await import('../src/gateway/index.ts');
    const url = broker.url.replace('mqtt://', `mqtt://liftguard-server:${serverPassword}@`);
    pre.ctx.config.MQTT_URL = url;
    const gateway = await startGateway(pre.ctx, { topicRoot: root, flushMs: 100 });
    h = { ...pre, gateway, mqttUrl: broker.url };
  });
  afterAll(async () => {
    await h?.close();
    await broker?.stop();
  });

  it('refuses a wrong password', async () => {
    await expect(
      mqtt.connectAsync(broker.url, { username: a.terminalId, password: 'nope', reconnectPeriod: 0, connectTimeout: 3000 }),
    ).rejects.toThrow();
  });

  it("keeps a terminal out of another terminal's topics while its own work", async () => {
    const intruder = await mqtt.connectAsync(broker.url, {
      username: a.terminalId,
      password: a.secret,
      clientId: a.terminalId,
      reconnectPeriod: 0,
    });
    const seen: string[] = [];
    intruder.on('message', (t) => seen.push(t));
    // Mosquitto may grant the SUBACK yet never deliver: what counts is that nothing arrives
    await intruder.subscribeAsync(downTopic(b.terminalId, root), { qos: 1 }).catch(() => undefined);
    await intruder.subscribeAsync(downTopic(a.terminalId, root), { qos: 1 });
    await intruder
      .publishAsync(upTopic(b.terminalId, 'U03', root), JSON.stringify({ mid: 'evil', ts: Date.now(), code: 'OVERSPEED' }), { qos: 1 })
      .catch(() => undefined);
    await intruder.publishAsync(upTopic(a.terminalId, 'U03', root), JSON.stringify({ mid: 'own', ts: Date.now(), code: 'HIT_TOP' }), {
      qos: 1,
    });
    await h.gateway.sendCommand(b.terminalId, { cmd_id: 'for-b', issued_at: Date.now(), expires_at: Date.now() + 5000, action: 'stop' });
    await h.gateway.sendCommand(a.terminalId, { cmd_id: 'for-a', issued_at: Date.now(), expires_at: Date.now() + 5000, action: 'stop' });
    await waitFor(() => seen.length > 0);
    await waitFor(
      async () => (await h.handle.db.selectFrom('fault').select('code').where('lift_id', '=', a.liftId).execute()).length === 1,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([downTopic(a.terminalId, root)]);
    expect(await h.handle.db.selectFrom('fault').select('code').where('lift_id', '=', b.liftId).execute()).toEqual([]);
    intruder.end(true);
  });
});
