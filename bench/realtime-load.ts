// Load generator of bench/realtime.ts, run as a child process so the fleet does not share the
// server's event loop. Modes: `fleet` (connect terminals, publish status at a rate, raise
// faults now and then) and `raw` (broker alone: publishers and one subscriber, no gateway).
import fs from 'node:fs';
import { startFleet } from '@liftguard/simulator';
import mqtt from 'mqtt';

type Args = {
  mode: 'fleet' | 'raw';
  url: string;
  root: string;
  creds?: string;
  rate: number;
  seconds: number;
  faultEveryMs?: number;
  /** fault code raised (default DOOR_OPEN_FAIL, screen only; TRAP_FLOOR alerts by SMS) */
  faultCode?: string;
  username?: string;
  password?: string;
};
const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const say = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);

async function fleet(): Promise<void> {
  const creds = JSON.parse(fs.readFileSync(args.creds as string, 'utf8')) as Array<{ id: string; secret: string }>;
  const t0 = performance.now();
  const f = await startFleet({
    url: args.url,
    root: args.root,
    terminals: creds,
    statusIntervalMs: 3_600_000,
    heartbeatMs: 60_000,
    floorMs: 3_600_000,
    traffic: false,
    persistentSession: false,
    concurrency: 200,
  });
  say({
    type: 'connected',
    connected: f.terminals.length,
    failed: f.failed.length,
    ms: Math.round(performance.now() - t0),
    firstError: f.failed[0]?.error,
  });
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve())); // wait for "go"
  const terms = f.terminals;
  let sent = 0;
  let faults = 0;
  let i = 0;
  const perTick = args.rate / 100;
  let budget = 0;
  const end = Date.now() + args.seconds * 1000;
  let nextFault = Date.now() + (args.faultEveryMs ?? 200);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      if (Date.now() >= end) {
        clearInterval(tick);
        resolve();
        return;
      }
      budget += perTick;
      while (budget >= 1) {
        budget--;
        const t = terms[i % terms.length];
        if (!t) break;
        // every report of a terminal differs from its previous one, so each is a change to store
        const round = Math.floor(i / terms.length);
        i++;
        const floor = 1 + (round % 20);
        t.send('U01', {
          floor,
          floor_display: String(floor),
          direction: round % 2 ? 'up' : 'down',
          door: 'closed',
          run_state: 'normal',
          occupied: false,
        });
        sent++;
      }
      if (args.faultEveryMs && Date.now() >= nextFault) {
        nextFault += args.faultEveryMs;
        const t = terms[Math.floor(Math.random() * terms.length)];
        t?.raiseFault(args.faultCode ?? 'DOOR_OPEN_FAIL');
        faults++;
      }
    }, 10);
  });
  say({ type: 'done', sent, faults });
  await new Promise((r) => setTimeout(r, 500));
  await f.stop();
}

async function raw(): Promise<void> {
  const opts = { username: args.username, password: args.password, reconnectPeriod: 0 };
  const topic = `${args.root}/raw/bench`;
  const sub = await mqtt.connectAsync(args.url, { ...opts, clientId: `raw-sub-${process.pid}` });
  let received = 0;
  sub.on('message', () => received++);
  await sub.subscribeAsync(topic, { qos: 1 });
  const pubs = await Promise.all(
    Array.from({ length: 8 }, (_, k) => mqtt.connectAsync(args.url, { ...opts, clientId: `raw-pub-${process.pid}-${k}` })),
  );
  const payload = JSON.stringify({
    mid: 'x'.repeat(24),
    ts: Date.now(),
    floor: 3,
    floor_display: '3',
    direction: 'up',
    door: 'closed',
    run_state: 'normal',
    occupied: false,
  });
  const end = Date.now() + args.seconds * 1000;
  let sent = 0;
  // each publisher keeps 100 QoS 1 messages in flight
  await Promise.all(
    pubs.map(async (p) => {
      const inflight = new Set<Promise<unknown>>();
      while (Date.now() < end) {
        const pr = p.publishAsync(topic, payload, { qos: 1 }).finally(() => inflight.delete(pr));
        inflight.add(pr);
        sent++;
        if (inflight.size >= 100) await Promise.race(inflight);
      }
      await Promise.all(inflight);
    }),
  );
  const t0 = Date.now();
  while (received < sent && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 50));
  say({ type: 'raw', sent, received, seconds: args.seconds });
  await Promise.all([...pubs, sub].map((c) => c.endAsync(true)));
}

(args.mode === 'raw' ? raw() : fleet()).then(
  () => process.exit(0),
  (err) => {
    say({ type: 'error', error: String(err) });
    process.exit(1);
  },
);
