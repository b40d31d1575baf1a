// API benchmarks of issue 2: cold start, GET /api/getuser at 50 concurrent clients on PGlite and
// PostgreSQL, sign-in p99, and the gzip size of the JavaScript the login route loads.
// Run: npm run bench -- api     (PostgreSQL at 127.0.0.1:5432 with trust auth for the second half)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshPgDatabase, percentile, report, root, startServer } from './support.ts';

const ADMIN_PASSWORD = 'Bench#Admin1';
const base = { ADMIN_PASSWORD, SEED_DEMO: '0', SIMULATED_LIFTS: '0' };

async function login(url: string): Promise<string> {
  const r = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, client: 'app' }),
  });
  const body = (await r.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

async function getuserLoad(url: string) {
  const token = await login(url);
  const result = await autocannon({ url: `${url}/api/getuser`, connections: 50, duration: 10, headers: { authorization: token } });
  return {
    rps: result.requests.average,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function signInLatency(url: string, n = 60) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await login(url);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50_ms: percentile(times, 50), p99_ms: percentile(times, 99) };
}

/** The login route's JS, measured by the web app's own script from the Vite manifest (one definition of "what /login loads"). */
function loginRouteJsGzip(): string {
  const r = spawnSync(process.execPath, [path.join(root, 'apps/web/scripts/login-bundle-size.mjs')], { encoding: 'utf8' });
  if (r.status !== 0) return `not measured (build the web app first): ${r.stderr.trim().split('\n')[0]}`;
  return r.stdout.trim().split('\n').at(-1) ?? '';
}

const cold = await startServer(base);
const coldMs = cold.readyMs;
const pgliteLoad = await getuserLoad(cold.url);
const signIn = await signInLatency(cold.url);
await cold.stop();

const rows: Record<string, unknown> = {
  'cold start to ready, fresh PGlite (ms)': coldMs,
  'getuser PGlite rps (50 conns)': pgliteLoad.rps,
  'getuser PGlite p50 (ms)': pgliteLoad.p50_ms,
  'getuser PGlite p99 (ms)': pgliteLoad.p99_ms,
  'getuser PGlite non-2xx': pgliteLoad.non2xx,
  'sign-in p50 (ms, argon2id m=19MiB t=2 p=1)': signIn.p50_ms,
  'sign-in p99 (ms)': signIn.p99_ms,
};

try {
  const db = await freshPgDatabase('liftguard_bench_api');
  const srv = await startServer({ ...base, DATABASE_URL: db.url });
  const pgLoad = await getuserLoad(srv.url);
  rows['cold start to ready, fresh PostgreSQL (ms)'] = srv.readyMs;
  rows['getuser PostgreSQL rps (50 conns)'] = pgLoad.rps;
  rows['getuser PostgreSQL p50 (ms)'] = pgLoad.p50_ms;
  rows['getuser PostgreSQL p99 (ms)'] = pgLoad.p99_ms;
  await srv.stop();
  await db.drop();
} catch (err) {
  rows['PostgreSQL'] = `skipped: ${(err as Error).message}`;
}
rows['login route JS gzip (KB)'] = loginRouteJsGzip();
report('api', rows);
