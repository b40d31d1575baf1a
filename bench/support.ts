import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Database } from '../apps/server/src/platform/db.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Server = { url: string; port: number; proc: ChildProcess; readyMs: number; stop: () => Promise<void> };

/** Start the real server process (as `npm start` does, without rebuilding the web app) and wait for /api/health. */
export async function startServer(env: Record<string, string>, port = 18200 + Math.floor(Math.random() * 500)): Promise<Server> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lg-bench-'));
  const started = performance.now();
  const proc = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MQTT_PORT: String(port + 1000),
      MQTT_WS_PORT: String(port + 1001),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout?.on('data', (d) => (log += d));
  proc.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    port,
    proc,
    readyMs,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh PostgreSQL database for one benchmark; dropped by the returned function. */
export async function freshPgDatabase(
  name: string,
  base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? Number.NaN;
}

export function report(name: string, rows: Record<string, unknown>): void {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify({ at: new Date().toISOString(), ...rows }, null, 2)}\n`);
  console.log(`\n${name}`);
  for (const [k, v] of Object.entries(rows))
    console.log(`  ${k.padEnd(42)} ${typeof v === 'number' ? Math.round(v * 100) / 100 : JSON.stringify(v)}`);
}

/**
 * A local SMS provider that answers 200 to every request and records, per Idempotency-Key, when
 * it first arrived (`performance.now()` and wall-clock `Date.now()`); a key seen again is a repeat.
 */
export async function fakeSmsProvider() {
  const received = new Map<string, number>();
  const receivedWall = new Map<string, number>();
  let duplicates = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['idempotency-key']);
      if (received.has(key)) duplicates += 1;
      else {
        received.set(key, performance.now());
        receivedWall.set(key, Date.now());
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id":"ok"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    received,
    receivedWall,
    duplicates: () => duplicates,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** Wait until every fault's alert job is written and no job is queued or running (or `timeoutMs` passed). */
export async function waitForAlertJobs(db: Database, timeoutMs = Number.POSITIVE_INFINITY): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = await db
      .selectFrom('job')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    // fault events are enqueued in groups: a fault without its job yet is not done
    const unqueued = await db
      .selectFrom('fault')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('alert_enqueued_at', 'is', null)
      .executeTakeFirstOrThrow();
    if ((Number(left.n) === 0 && Number(unqueued.n) === 0) || Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}
