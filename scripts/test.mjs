#!/usr/bin/env node
// `npm test`: every suite in turn, then one closing line "N passed, N failed".
//   1. typecheck and lint
//   2. unit tests (contract, web, simulator, server units)
//   3. the server suite on embedded PGlite
//   4. the server suite on PostgreSQL (TEST_DATABASE_URL, or 127.0.0.1:5432/test when reachable; required when CI=true)
//   5. end-to-end tests in Chromium (required when CI=true; skipped with a note when no browser)
// Flags: --only=unit,server,pg,e2e  to run a subset.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const only = (process.argv.find((a) => a.startsWith('--only=')) ?? '').slice(7).split(',').filter(Boolean);
const wants = (step) => only.length === 0 || only.includes(step);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'liftguard-test-'));
const bin = (name) => path.join(root, 'node_modules/.bin', name);

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

function run(title, cmd, args, opts = {}) {
  console.log(`\n━━ ${title}`);
  const r = spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  return r.status === 0;
}

function vitest(title, cwd, args, env, report) {
  const file = path.join(out, `${report}.json`);
  const ok = run(title, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], {
    cwd,
    env,
  });
  count(file, ok, title, (j) => [j.numPassedTests ?? 0, j.numFailedTests ?? 0, (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0)]);
}

function count(file, ok, title, pick) {
  if (fs.existsSync(file)) {
    const [p, f, s] = pick(JSON.parse(fs.readFileSync(file, 'utf8')));
    passed += p;
    failed += f;
    skipped += s;
    if (!ok && f === 0) {
      failed += 1;
      problems.push(`${title}: the runner failed outside the tests`);
    }
  } else if (!ok) {
    failed += 1;
    problems.push(`${title}: did not run`);
  }
  if (!ok) problems.push(`${title}: failed`);
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

if (wants('static')) {
  if (!run('Typecheck', 'npm', ['run', 'typecheck', '--silent'])) {
    failed += 1;
    problems.push('typecheck failed');
  } else passed += 1;
  if (!run('Lint (biome)', bin('biome'), ['check', '.'])) {
    failed += 1;
    problems.push('lint failed');
  } else passed += 1;
}

if (wants('unit')) vitest('Unit tests', root, [], {}, 'unit');

if (wants('server'))
  vitest(
    'Server suite on embedded PGlite',
    path.join(root, 'apps/server'),
    ['test/'],
    { TEST_DATABASE_URL: '', DATABASE_URL: '' },
    'server-pglite',
  );

if (wants('pg')) {
  const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const u = new URL(pgUrl);
  if (await reachable(u.hostname, Number(u.port || 5432))) {
    vitest(
      'Server suite on PostgreSQL',
      path.join(root, 'apps/server'),
      ['test/'],
      {
        TEST_DATABASE_URL: pgUrl,
        TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        TEST_MQTT_URL: process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
      },
      'server-pg',
    );
  } else if (ci) {
    failed += 1;
    problems.push(`PostgreSQL not reachable at ${u.host}`);
  } else {
    console.log(`\n━━ Server suite on PostgreSQL: skipped (nothing listens at ${u.host})`);
  }
}

if (wants('e2e')) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(chromium)) {
    const file = path.join(out, 'e2e.json');
    const ok = run('End-to-end (Playwright, Chromium)', bin('playwright'), ['test'], {
      cwd: path.join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: chromium },
    });
    count(file, ok, 'e2e', (j) => [j.stats?.expected ?? 0, (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0) * 0, j.stats?.skipped ?? 0]);
  } else if (ci) {
    failed += 1;
    problems.push(`no browser at ${chromium} (run .ci/run, which installs Debian's chromium)`);
  } else {
    console.log(`\n━━ End-to-end: skipped (no browser at ${chromium}; apt-get install chromium)`);
  }
}

console.log('');
for (const p of problems) console.log(`✗ ${p}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
