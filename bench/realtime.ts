// Real-time path benchmark (issue 5). `npm run bench -- realtime` or
//   npx tsx bench/realtime.ts --terminals 2000 --rate 5000 --seconds 15 --engine embedded|mosquitto
// embedded  = aedes broker in the server + PGlite (the `npm start` defaults)
// mosquitto = Mosquitto at 127.0.0.1:1883 + PostgreSQL at 127.0.0.1:5432
// Measures: connected terminals, status messages/s ingested and stored, fault → live-channel
// latency p50/p99 (a browser-like WS client on /ws/live), and the broker alone as the ceiling.
// --sms: the faults are trapped-passenger faults of lifts with an alarm contact, the job runner
// runs and SMS go to a local fake provider: adds fault → SMS handed to the provider p50/p99
// (issue 7) under this load.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { hashTerminalSecret, newTerminalSecret, startGateway } from '../apps/server/src/gateway/index.ts';
import { jobsFor } from '../apps/server/src/jobs/queue.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
import { hashToken, newToken } from '../apps/server/src/platform/tokens.ts';
import { fakeSmsProvider, freshPgDatabase, root, waitForAlertJobs } from './support.ts';

const { values } = parseArgs({
  options: {
    terminals: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '15' },
    engine: { type: 'string', default: 'both' },
    'fault-every-ms': { type: 'string', default: '100' },
    'load-procs': { type: 'string', default: '2' },
    sms: { type: 'boolean', default: false },
    'fleet-nice': { type: 'string', default: '0' },
  },
});
const N = Number(values.terminals);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
/** the fleet is split over this many load processes: one tops out near 4,600 publishes/s */
const LOAD_PROCS = Math.max(1, Number(values['load-procs']));
const MOSQUITTO = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const SMS = values.sms === true;
const FLEET_NICE = Math.min(19, Math.max(0, Number(values['fleet-nice'])));

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};

function child(args: object): {
  proc: ChildProcess;
  lines: AsyncIterable<Record<string, unknown>>;
  next: (type: string) => Promise<Record<string, unknown>>;
} {
  const proc = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/realtime-load.ts'), JSON.stringify(args)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // --fleet-nice: the simulated terminals yield the shared cores to the server when both want
  // them (in service they run on their own hardware)
  if (FLEET_NICE > 0 && proc.pid) os.setPriority(proc.pid, FLEET_NICE);
  const queue: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  let buf = '';
  proc.stdout?.on('data', (d) => {
    buf += d;
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      try {
        queue.push(JSON.parse(line));
      } catch {
        /* not ours */
      }
      for (const w of waiters.splice(0)) w();
      nl = buf.indexOf('\n');
    }
  });
  const next = async (type: string) => {
    for (;;) {
      const i = queue.findIndex((m) => m.type === type || m.type === 'error');
      if (i >= 0) {
        const m = queue.splice(i, 1)[0] as Record<string, unknown>;
        if (m.type === 'error') throw new Error(String(m.error));
        return m;
      }
      if (proc.exitCode !== null) throw new Error(`load process exited ${proc.exitCode}`);
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  return { proc, lines: [] as never, next };
}

async function run(engine: 'embedded' | 'mosquitto') {
  const pgDb = engine === 'mosquitto' ? await freshPgDatabase(`bench_rt_${randomBytes(4).toString('hex')}`) : undefined;
  const topicRoot = `lgb${randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-rt-bench-'));
  const provider = SMS ? await fakeSmsProvider() : null;
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      MQTT_PORT: 0,
      MQTT_WS_PORT: 0,
      SEED_DEMO: '0',
      ...(engine === 'mosquitto' ? { MQTT_URL: MOSQUITTO } : {}),
      ...(provider ? { SMS_PROVIDER_URL: provider.url } : {}),
    },
  );
  // PGlite: files under the data directory, as `npm start` keeps them
  const handle = await openDatabase({ url: pgDb?.url, dataDir });
  console.error('stage: migrate');
  await migrateToLatest(handle.db);
  console.error('stage: seed');
  const db = handle.db;
  // one company under a platform company, N lifts with terminals, one watching user
  const platform = await db
    .insertInto('company')
    .values({
      pid: null,
      path: '',
      node_type: 'company',
      name: 'Platform',
      j_region: '[]',
      j_community_ids: '[]',
      j_auth_list: '[]',
      j_auth_uris: '[]',
      j_extra_auth: '[]',
      sms_enable: 1,
      sms_limit: 1_000_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('company')
    .set({ path: `/${platform.id}/` })
    .where('id', '=', platform.id)
    .execute();
  const creds = Array.from({ length: N }, (_, i) => ({ id: `TB${String(i).padStart(6, '0')}`, secret: newTerminalSecret() }));
  for (let i = 0; i < N; i += 1000) {
    const part = creds.slice(i, i + 1000);
    await db
      .insertInto('terminal')
      .values(
        part.map((c) => ({
          terminal_id: c.id,
          type: 't' as const,
          company_id: platform.id,
          mqtt_secret_hash: hashTerminalSecret(c.secret),
          face_id: null,
          version: null,
          last_seen_at: null,
          run_state: null,
        })),
      )
      .execute();
    await db
      .insertInto('lift')
      .values(
        part.map((c) => ({
          company_id: platform.id,
          name: `Bench ${c.id}`,
          code: `B${c.id}`,
          terminal_id: c.id,
          expire_at: new Date(Date.now() + 86_400_000),
          j_floors: '[]',
          j_mt_workers: '[]',
          j_responsible: '[]',
          // --sms: each lift has its own alarm contact (a domestic mobile number)
          j_alarm_charger: SMS ? JSON.stringify([{ name: 'duty', mobile: `139${c.id.slice(2).padStart(8, '0')}` }]) : '[]',
        })) as never,
      )
      .execute();
  }
  const user = await db
    .insertInto('app_user')
    .values({ username: 'watcher', realname: 'W', password_hash: 'x', current_company_id: platform.id } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('membership')
    .values({ user_id: user.id, company_id: platform.id, role_id: null, j_community_ids: '[]', j_region: '[]' })
    .execute();
  const token = newToken();
  await db
    .insertInto('session')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      client: 'web',
      ip: null,
      expires_at: new Date(Date.now() + 3_600_000),
      ended_at: null,
      ended_reason: null,
    })
    .execute();
  const credsFiles = Array.from({ length: LOAD_PROCS }, (_, k) => {
    const file = path.join(dataDir, `creds-${k}.json`);
    fs.writeFileSync(file, JSON.stringify(creds.filter((_, i) => i % LOAD_PROCS === k)));
    return file;
  });

  console.error('stage: build');
  const built = await buildApp(config, handle);
  const gateway = await startGateway(built.ctx, { topicRoot, heartbeatTimeoutMs: 120_000 });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (built.app.server.address() as { port: number }).port;
  const mqttUrl = engine === 'mosquitto' ? MOSQUITTO : `mqtt://127.0.0.1:${gateway.ports?.mqtt}`;
  if (SMS) jobsFor(built.ctx).start();

  // browser-like live client: fault latency = arrival − U03 ts (same machine clock)
  const latencies: number[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/live/${token}`);
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString());
    if (m.action === 'up_report_fault' && typeof m.data?.ts === 'number') latencies.push(Date.now() - m.data.ts);
  });
  await new Promise((r) => ws.once('open', r));

  const loads = credsFiles.map((file) =>
    child({
      mode: 'fleet',
      url: mqttUrl,
      root: topicRoot,
      creds: file,
      rate: RATE / LOAD_PROCS,
      seconds: SECONDS,
      faultEveryMs: Number(values['fault-every-ms']) * LOAD_PROCS,
      faultCode: SMS ? 'TRAP_FLOOR' : 'DOOR_OPEN_FAIL',
    }),
  );
  console.error('stage: connect fleet');
  const connectedAll = await Promise.all(loads.map((l) => l.next('connected')));
  const connected = {
    connected: connectedAll.reduce((n, c) => n + Number(c.connected), 0),
    ms: Math.max(...connectedAll.map((c) => Number(c.ms))),
  };
  console.error(`stage: load (${connected.connected} connected in ${connected.ms} ms)`);
  await new Promise((r) => setTimeout(r, 1000));
  const onlineBefore = gateway.stats().online;
  // how long the server's event loop was held up during the load (the tail of the fault latency)
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const s0 = gateway.stats();
  const t0 = performance.now();
  for (const l of loads) l.proc.stdin?.write('go\n');
  const doneAll = await Promise.all(loads.map((l) => l.next('done')));
  const done = {
    sent: doneAll.reduce((n, d) => n + Number(d.sent), 0),
    faults: doneAll.reduce((n, d) => n + Number(d.faults), 0),
  };
  // the load window: what was ingested by the end of it, and what was still queued then
  const loadSecs = (performance.now() - t0) / 1000;
  loopDelay.disable();
  const sDone = gateway.stats();
  await new Promise((r) => setTimeout(r, 1500)); // let the tail drain
  await gateway.flush();
  const secs = (performance.now() - t0) / 1000;
  const s1 = gateway.stats();
  const rows = await db
    .selectFrom('lift_status_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rss = Math.round(process.memoryUsage().rss / 1_048_576);
  const sms = provider ? await smsLatencies(db, provider) : null;
  await Promise.all(loads.map((l) => (l.proc.exitCode === null ? new Promise((r) => l.proc.once('exit', r)) : undefined)));

  const raw = child({
    mode: 'raw',
    url: mqttUrl,
    root: topicRoot,
    rate: 0,
    seconds: 5,
    username: engine === 'embedded' ? gateway.internal.username : undefined,
    password: engine === 'embedded' ? gateway.internal.password : undefined,
  });
  const rawResult = await raw.next('raw');

  ws.close();
  await built.close();
  await handle.close();
  await provider?.close();
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    engine: engine === 'embedded' ? 'embedded aedes + PGlite' : 'Mosquitto + PostgreSQL',
    terminals: N,
    connected: connected.connected,
    connectMs: connected.ms,
    onlineSeenByGateway: onlineBefore,
    targetRate: RATE,
    loadProcesses: LOAD_PROCS,
    fleetNice: FLEET_NICE,
    sent: done.sent,
    sentPerSec: Math.round(done.sent / SECONDS),
    statusIngested: s1.status - s0.status,
    statusIngestedPerSec: Math.round((sDone.status - s0.status) / loadSecs),
    behindAtEndOfLoad: done.sent - (sDone.status - s0.status),
    statusStoredPerSec: Math.round((s1.stored - s0.stored) / secs),
    historyRows: Number(rows.n),
    rejected: s1.rejected - s0.rejected,
    faultsSent: done.faults,
    faultLatencyN: latencies.length,
    faultLatencyP50ms: pct(latencies, 50),
    faultLatencyP99ms: pct(latencies, 99),
    brokerAloneMsgsPerSec: Math.round(Number(rawResult.received) / Number(rawResult.seconds)),
    serverRssMb: rss,
    loopDelayP50ms: Math.round(loopDelay.percentile(50) / 1e6),
    loopDelayP99ms: Math.round(loopDelay.percentile(99) / 1e6),
    loopDelayMaxMs: Math.round(loopDelay.max / 1e6),
    ...(sms ?? {}),
  };
}

/**
 * Fault → SMS handed to the provider: wait (up to 60 s) until the alert jobs are done, then pair
 * each SMS the provider received with its fault's `occurred_at` (the terminal's U03 `ts`).
 */
async function smsLatencies(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  provider: NonNullable<Awaited<ReturnType<typeof fakeSmsProvider>>>,
) {
  await waitForAlertJobs(db, 60_000);
  const rows = await db
    .selectFrom('sms_record')
    .innerJoin('fault', 'fault.id', 'sms_record.fault_id')
    .select(['sms_record.id', 'sms_record.status', 'fault.occurred_at'])
    .execute();
  const faults = await db
    .selectFrom('fault')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const ms: number[] = [];
  for (const r of rows) {
    const got = provider.receivedWall.get(`sms-record-${r.id}`);
    if (got !== undefined) ms.push(got - new Date(r.occurred_at as unknown as string).getTime());
  }
  return {
    smsFaultsStored: Number(faults.n),
    smsRecords: rows.length,
    smsHandedToProvider: provider.received.size,
    smsProviderRepeats: provider.duplicates(),
    faultToSmsP50ms: pct(ms, 50),
    faultToSmsP99ms: pct(ms, 99),
  };
}

const engines = values.engine === 'both' ? (['embedded', 'mosquitto'] as const) : [values.engine as 'embedded' | 'mosquitto'];
const results = [];
for (const e of engines) {
  const r = await run(e);
  console.log(JSON.stringify(r, null, 2));
  results.push(r);
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/realtime.json'),
  JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, results }, null, 2),
);
process.exit(0);
