// Remote control and over-the-air benchmark (issue 6).
//   npx tsx bench/commands.ts --terminals 1000 --commands 400 --concurrency 8 [--rollout 1000] [--fleet-procs 2] [--pg]
// --fleet-procs K: the simulated terminals run in K child processes (needed for 10,000: one process
// may not hold both ends of 10,000 connections); peak RSS then covers the server only.
// One process: server (Fastify + embedded aedes broker + PGlite, or PostgreSQL with --pg) and
// the simulated terminals (tools/simulator), so peak RSS below covers both.
// Measures:
//  1. command round trip: POST /api/device/sendmqtt over HTTP (password check included) →
//     `command_state: succeeded` received by a browser-like client on /ws/live; p50/p99.
//  2. firmware rollout: POST /api/portal/update for every terminal → every command succeeded
//     (U08 success); wall time and peak RSS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { hashTerminalSecret, newTerminalSecret, startGateway } from '../apps/server/src/gateway/index.ts';
import { commandCenterOf } from '../apps/server/src/modules/command/center.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { hashToken, newToken } from '../apps/server/src/platform/tokens.ts';
import { startFleet } from '../tools/simulator/src/index.ts';
import { freshPgDatabase, root } from './support.ts';

const { values } = parseArgs({
  options: {
    terminals: { type: 'string', default: '1000' },
    commands: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '8' },
    pg: { type: 'boolean', default: false },
    /** terminals the firmware rollout goes to (default: every connected one) */
    rollout: { type: 'string', default: '' },
    'fleet-procs': { type: 'string', default: '0' },
  },
});
const N = Number(values.terminals);
const M = Number(values.commands);
const C = Number(values.concurrency);
const PASSWORD = 'Bench#Pass1';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : null;
};
let peakRss = 0;
const rssTimer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-bench-cmd-'));
const pg = values.pg ? await freshPgDatabase('lg_bench_commands') : undefined;
const config = loadConfig(
  {},
  { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, HOST: '127.0.0.1', MQTT_PORT: '0', MQTT_WS_PORT: '0' },
);
const handle = await openDatabase({ url: pg?.url ?? 'memory://', dataDir });
await migrateToLatest(handle.db);
const { db } = handle;

// ---- seed: a company, N lifts with terminals, an operator with every command permission
const company = await db
  .insertInto('company')
  .values({
    pid: null,
    path: '',
    node_type: 'company',
    name: 'Bench Co',
    j_region: '[]',
    j_community_ids: '[]',
    j_auth_list: '[]',
    j_auth_uris: '[]',
    j_extra_auth: '[]',
  } as never)
  .returning('id')
  .executeTakeFirstOrThrow();
await db
  .updateTable('company')
  .set({ path: `/${company.id}/` })
  .where('id', '=', company.id)
  .execute();
const creds: Array<{ id: string; secret: string }> = [];
for (let i = 0; i < N; i++) creds.push({ id: `TB${String(i).padStart(6, '0')}`, secret: newTerminalSecret() });
for (let i = 0; i < N; i += 500) {
  const chunk = creds.slice(i, i + 500);
  await db
    .insertInto('terminal')
    .values(
      chunk.map((c) => ({
        terminal_id: c.id,
        type: 't',
        company_id: company.id,
        mqtt_secret_hash: hashTerminalSecret(c.secret),
        face_id: null,
        version: 'LG1000',
        last_seen_at: null,
        run_state: null,
      })) as never,
    )
    .execute();
  await db
    .insertInto('lift')
    .values(
      chunk.map((c) => ({
        company_id: company.id,
        name: `Lift ${c.id}`,
        code: `C${c.id}`,
        terminal_id: c.id,
        expire_at: new Date(Date.now() + 365 * 86_400_000),
        j_floors: '[]',
        j_mt_workers: '[]',
        j_responsible: '[]',
        j_alarm_charger: '[]',
      })) as never,
    )
    .execute();
}
const uris = ['/device/sendmqtt', ...['lock', 'unlock'].map((a) => `/device/sendmqtt/${a}`), '/portal/update', '/portal/package/upload'];
const role = await db
  .insertInto('role')
  .values({
    company_id: company.id,
    name: 'bench',
    role_type: 'ADMIN',
    j_auth_list: '[]',
    j_app_auth: '[]',
    j_expert_auth: '[]',
    j_extra_auth: '[]',
    j_auth_uris: JSON.stringify(uris),
  } as never)
  .returning('id')
  .executeTakeFirstOrThrow();
const user = await db
  .insertInto('app_user')
  .values({ username: 'bench-op', realname: 'Bench', password_hash: await hashPassword(PASSWORD), current_company_id: company.id } as never)
  .returning('id')
  .executeTakeFirstOrThrow();
await db
  .insertInto('membership')
  .values({ user_id: user.id, company_id: company.id, role_id: role.id, j_community_ids: '[]', j_region: '[]' })
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

// ---- server, gateway, terminals, browser
const built = await buildApp(config, handle);
await built.app.ready();
const gateway = await startGateway(built.ctx, { flushMs: 1000 });
await built.app.listen({ host: '127.0.0.1', port: 0 });
const addr = built.app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const t0 = performance.now();
const mqttUrl = `mqtt://127.0.0.1:${gateway.ports?.mqtt}`;
const FLEET_PROCS = Number(values['fleet-procs']);
const fleet: { terminals: Array<{ id: string }>; failed: { length: number }; stop: () => Promise<void> } =
  FLEET_PROCS > 0
    ? await fleetInProcesses(FLEET_PROCS)
    : await startFleet({
        url: mqttUrl,
        terminals: creds,
        traffic: false,
        statusIntervalMs: 300_000,
        heartbeatMs: 60_000,
        version: 'LG1000',
        concurrency: 50,
      });

/** the terminals split over `k` child processes (bench/fleet-proc.ts) */
async function fleetInProcesses(k: number) {
  const parts = await Promise.all(
    Array.from({ length: k }, (_, n) => {
      const file = path.join(dataDir, `fleet-${n}.json`);
      fs.writeFileSync(file, JSON.stringify(creds.filter((_, i) => i % k === n)));
      const proc = spawn(
        path.join(root, 'node_modules/.bin/tsx'),
        [path.join(root, 'bench/fleet-proc.ts'), JSON.stringify({ url: mqttUrl, creds: file, version: 'LG1000' })],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      );
      return new Promise<{ proc: typeof proc; ids: string[]; failed: number }>((resolve, reject) => {
        let buf = '';
        proc.stdout.on('data', (d) => {
          buf += d;
          const line = buf.split('\n').find((l) => l.startsWith('{"type":"connected"'));
          if (line) {
            const m = JSON.parse(line) as { ids: string[]; failed: number };
            resolve({ proc, ids: m.ids, failed: m.failed });
          }
        });
        proc.once('exit', (code) => reject(new Error(`fleet process exited ${code}`)));
      });
    }),
  );
  return {
    terminals: parts.flatMap((p) => p.ids.map((id) => ({ id }))),
    failed: { length: parts.reduce((n, p) => n + p.failed, 0) },
    stop: async () => {
      await Promise.all(
        parts.map(
          (p) =>
            new Promise((r) => {
              p.proc.once('exit', r);
              p.proc.stdin.end();
            }),
        ),
      );
    },
  };
}
const connectMs = Math.round(performance.now() - t0);
console.log(`terminals connected: ${fleet.terminals.length}/${N} in ${connectMs} ms (failed ${fleet.failed.length})`);

const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/live/${token}`);
await new Promise<void>((r, j) => {
  ws.once('open', () => r());
  ws.once('error', j);
});
const waiters = new Map<string, (state: string) => void>();
let rolloutDone = 0;
let rolloutFailed = 0;
const rolloutIds = new Set<string>();
const rolloutTick = { fn: () => {} };
ws.on('message', (raw) => {
  const m = JSON.parse(raw.toString());
  if (m.action !== 'command_state') return;
  const { cmd_id, state } = m.data as { cmd_id: string; state: string };
  if (state === 'succeeded' || state === 'failed' || state === 'timed_out' || state === 'expired') {
    waiters.get(cmd_id)?.(state);
    if (rolloutIds.has(cmd_id)) {
      rolloutIds.delete(cmd_id);
      if (state === 'succeeded') rolloutDone++;
      else rolloutFailed++;
      rolloutTick.fn();
    }
  }
});
await new Promise((r) => setTimeout(r, 300));

// ---- 1. command round trip
const lat: number[] = [];
const outcomes: Record<string, number> = {};
const lockedState = new Map<string, boolean>();
let next = 0;
const early = new Map<string, string>();
const worker = async () => {
  while (next < M) {
    const i = next++;
    const term = creds[(i * 7919) % fleet.terminals.length] as { id: string };
    const action = lockedState.get(term.id) ? 'unlock' : 'lock';
    lockedState.set(term.id, action === 'lock');
    const start = performance.now();
    let resolveState: (s: string) => void = () => undefined;
    const done = new Promise<string>((r) => {
      resolveState = r;
    });
    const res = await fetch(`${base}/api/device/sendmqtt`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ action, terminal_id: term.id, password: PASSWORD, data: {} }),
    });
    const body = (await res.json()) as { data?: { id: string }; code?: number };
    if (!body.data) {
      outcomes[`code ${body.code}`] = (outcomes[`code ${body.code}`] ?? 0) + 1;
      continue;
    }
    const id = body.data.id;
    const already = early.get(id);
    if (!already) waiters.set(id, resolveState);
    const state = already ?? (await Promise.race([done, new Promise<string>((r) => setTimeout(() => r('bench-timeout'), 30_000))]));
    waiters.delete(id);
    lat.push(performance.now() - start);
    outcomes[state] = (outcomes[state] ?? 0) + 1;
  }
};
// an answer can be faster than the HTTP response: remember final states of unknown ids briefly
ws.on('message', (raw) => {
  const m = JSON.parse(raw.toString());
  if (m.action === 'command_state' && m.data.state === 'succeeded' && !waiters.has(m.data.cmd_id)) early.set(m.data.cmd_id, 'succeeded');
});
const rtStart = performance.now();
await Promise.all(Array.from({ length: C }, worker));
const rtSeconds = (performance.now() - rtStart) / 1000;
const roundTrip = {
  commands: M,
  concurrency: C,
  outcomes,
  p50_ms: pct(lat, 50),
  p99_ms: pct(lat, 99),
  max_ms: pct(lat, 100),
  per_second: Math.round((lat.length / rtSeconds) * 10) / 10,
};
console.log('round trip', roundTrip);

// ---- 2. firmware rollout to every terminal
const fw = Buffer.alloc(1_048_576, 0x5a);
const form = new FormData();
form.append('kind', 'firmware');
form.append('version', 'LG2000');
form.append('file', new Blob([fw]), 'fw.bin');
const up = (await (
  await fetch(`${base}/api/portal/package/upload`, { method: 'POST', headers: { authorization: token }, body: form })
).json()) as {
  data?: { url: string };
  code?: number;
};
if (!up.data) throw new Error(`upload failed: ${JSON.stringify(up)}`);
peakRss = process.memoryUsage().rss;
const baseRss = peakRss;
// event-loop delay during the rollout (server and terminals share this loop)
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const rolloutTo = fleet.terminals.slice(0, values.rollout ? Number(values.rollout) : fleet.terminals.length);
const roStart = performance.now();
const all = new Promise<void>((resolve) => {
  rolloutTick.fn = () => {
    if (rolloutIds.size === 0 && rolloutDone + rolloutFailed >= rolloutTo.length) resolve();
  };
});
const upd = (await (
  await fetch(`${base}/api/portal/update`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ list: rolloutTo.map((t) => t.id), new_version: 'LG2000' }),
  })
).json()) as { data?: { sent: Array<{ cmd_id: string }>; latest: unknown[] }; code?: number };
if (!upd.data) throw new Error(`update failed: ${JSON.stringify(upd)}`);
const answeredMs = Math.round(performance.now() - roStart);
// when the last command was published (the answer itself, if the server publishes before answering)
const center = commandCenterOf(built.ctx) as unknown as { backlogSize?: number };
const published = (async () => {
  while ((center.backlogSize ?? 0) > 0) await new Promise((r) => setTimeout(r, 20));
  return Math.round(performance.now() - roStart);
})();
for (const s of upd.data.sent) rolloutIds.add(s.cmd_id);
// states that arrived before the answer listed the ids
const finals = await db
  .selectFrom('command')
  .select(['id', 'state'])
  .where('action', '=', 'update')
  .where('state', 'in', ['succeeded', 'failed', 'timed_out', 'expired'])
  .execute();
for (const f of finals)
  if (rolloutIds.delete(f.id)) {
    if (f.state === 'succeeded') rolloutDone++;
    else rolloutFailed++;
  }
rolloutTick.fn();
await Promise.race([all, new Promise((r) => setTimeout(r, 180_000))]);
loopDelay.disable();
const rollout = {
  terminals: rolloutTo.length,
  api_answer_ms: answeredMs,
  all_published_ms: await published,
  all_done_ms: Math.round(performance.now() - roStart),
  succeeded: rolloutDone,
  failed: rolloutFailed,
  unfinished: rolloutIds.size,
  peak_rss_mb: Math.round(peakRss / 1_048_576),
  rss_growth_mb: Math.round((peakRss - baseRss) / 1_048_576),
  loop_delay_p99_ms: Math.round(loopDelay.percentile(99) / 1e6),
  loop_delay_max_ms: Math.round(loopDelay.max / 1e6),
};
console.log('rollout', rollout);

const result = {
  at: new Date().toISOString(),
  engine: values.pg ? 'postgres' : 'pglite',
  broker: 'embedded aedes',
  host: {
    cpus: os.cpus().length,
    note: FLEET_PROCS > 0 ? `server in this process, terminals in ${FLEET_PROCS} others` : 'server and simulated terminals in one process',
  },
  terminals: { requested: N, connected: fleet.terminals.length, connect_ms: connectMs },
  round_trip: roundTrip,
  rollout,
};
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, `bench/results/commands-${result.engine}.json`), `${JSON.stringify(result, null, 2)}\n`);
clearInterval(rssTimer);
ws.close();
await fleet.stop();
await built.close();
await handle.close();
await pg?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
