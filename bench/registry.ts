// Registry benchmark of issue 4: lift list p99 with 100,000 lifts on PostgreSQL (plain list,
// keyword search, filters, sort, deep page) through the real HTTP stack (inject), and a
// 10,000-row xlsx import through /device/import (seconds, peak RSS). Own schema, dropped after.
// Run: npm run bench -- registry   (PostgreSQL at 127.0.0.1:5432; BENCH_PG_URL to point elsewhere)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIFT_IMPORT_COLUMNS } from '@liftguard/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { ensureRoot } from '../apps/server/src/platform/bootstrap.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { dropSchema, openDatabase } from '../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
import { hashToken, newToken } from '../apps/server/src/platform/tokens.ts';
import { percentile, report } from './support.ts';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LIFTS = Number(process.env.BENCH_LIFTS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const SUBS = 10;

const schema = `bench_registry_${randomBytes(4).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-bench-registry-'));
const config = loadConfig({}, { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: '0' });
const handle = await openDatabase({ url: PG, dataDir: config.dataDir, schema });
const db = handle.db;

async function userOf(companyId: number, uris: string[]): Promise<string> {
  const role = await db
    .insertInto('role')
    .values({
      company_id: companyId,
      name: 'bench',
      role_type: 'STAFF',
      j_auth_list: '[]',
      j_app_auth: '[]',
      j_expert_auth: '[]',
      j_extra_auth: '[]',
      j_auth_uris: JSON.stringify(uris),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const u = await db
    .insertInto('app_user')
    .values({
      username: `bench${companyId}_${randomBytes(3).toString('hex')}`,
      realname: '',
      password_hash: 'x',
      current_company_id: companyId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('membership')
    .values({ user_id: u.id, company_id: companyId, role_id: role.id, j_community_ids: '[]', j_region: '[]' })
    .execute();
  const token = newToken();
  await db
    .insertInto('session')
    .values({ user_id: u.id, token_hash: hashToken(token), client: 'web', expires_at: sql<Date>`now() + interval '1 day'` })
    .execute();
  return token;
}

try {
  await migrateToLatest(db, schema);
  await ensureRoot(db, 'Bench#Admin1');
  const built = await buildApp(config, handle);
  await built.app.ready();

  // --- seed: one top company with SUBS subsidiaries, 20 communities each, LIFTS lifts spread over them, half bound to terminals
  const t0 = performance.now();
  const platform = await db.selectFrom('company').select(['id', 'path']).where('pid', 'is', null).executeTakeFirstOrThrow();
  const mk = async (pid: number, parentPath: string, name: string) => {
    const r = await db
      .insertInto('company')
      .values({
        pid,
        path: '',
        node_type: 'company',
        name,
        j_region: '[]',
        j_community_ids: '[]',
        j_auth_list: '[]',
        j_auth_uris: '[]',
        j_extra_auth: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const p = `${parentPath}${r.id}/`;
    await db.updateTable('company').set({ path: p }).where('id', '=', r.id).execute();
    return { id: r.id, path: p };
  };
  const top = await mk(platform.id, platform.path, 'Bench Top');
  const subs = [];
  for (let i = 0; i < SUBS; i++) subs.push(await mk(top.id, top.path, `Bench Sub ${i}`));
  for (const s of subs) {
    await sql`insert into community (company_id, name, j_region) select ${s.id}, 'Community ' || g, '[]' from generate_series(1, 20) g`.execute(
      db,
    );
  }
  await sql`
    insert into terminal (terminal_id, type, company_id, online, version)
    select 'T' || lpad(g::text, 7, '0'), 't', (select id from company where name = 'Bench Sub ' || (g % ${SUBS})), g % 3 <> 0, 'V_1203'
    from generate_series(1, ${LIFTS / 2}) g`.execute(db);
  await sql`
    insert into lift (company_id, community_id, name, code, variety, j_floors, positive_floors, negative_floors, latitude, longitude,
                      address, terminal_id, expire_at, created_at)
    select c.company_id, c.id, 'Lift ' || g || ' ' || c.name, 'BENCH-' || lpad(g::text, 7, '0'), 1 + (g % 14),
           '["1","2","3","4","5","6","7","8","9","10"]'::jsonb, 10, 0, 22.5 + (g % 100) / 1000.0, 114.0 + (g % 97) / 1000.0,
           'Shenzhen road ' || (g % 500),
           case when g <= ${LIFTS / 2} then 'T' || lpad(g::text, 7, '0') end,
           now() + ((g % 400) - 30) * interval '1 day', now() - (g % 365) * interval '1 day'
    from generate_series(1, ${LIFTS}) g
    join lateral (select id, company_id, name from community order by id offset (g % ${SUBS * 20}) limit 1) c on true`.execute(db);
  await sql`vacuum analyze lift`.execute(db);
  await sql`analyze`.execute(db);
  const seedS = (performance.now() - t0) / 1000;
  console.log(`seeded ${LIFTS} lifts in ${seedS.toFixed(1)} s`);

  const topToken = await userOf(top.id, ['/device/import']);
  const subToken = await userOf(subs[0]?.id as number, []);
  const community = await db
    .selectFrom('community')
    .select('id')
    .where('company_id', '=', subs[0]?.id as number)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  const measure = async (label: string, token: string, url: string) => {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      const res = await built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    console.log(`${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`);
    return { [`${label} p50 ms`]: percentile(times, 50), [`${label} p99 ms`]: percentile(times, 99) };
  };
  const rows: Record<string, unknown> = { lifts: LIFTS, 'seed s': seedS };
  Object.assign(rows, await measure('list (100k in scope, page 1)', topToken, '/api/device/list?page=1&size=12'));
  Object.assign(rows, await measure('list keyword search', topToken, '/api/device/list?keyword=road%2042&size=24'));
  Object.assign(rows, await measure('list filters variety+online+bound', topToken, '/api/device/list?variety=3&online=1&bound=1&size=18'));
  Object.assign(rows, await measure('list sort by name asc', topToken, '/api/device/list?orderKey=name&orderMethod=asc'));
  Object.assign(rows, await measure('list page 500', topToken, '/api/device/list?page=500&size=24'));
  Object.assign(
    rows,
    await measure('list sub-company (10k) + community', subToken, `/api/device/list?community_id=${community.id}&keyword=Lift`),
  );
  Object.assign(rows, await measure('expired list', topToken, '/api/device/end_time_list'));

  // --- import: a generated IMPORT_ROWS-row xlsx through the HTTP upload and the job
  const file = path.join(dataDir, 'import.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('lifts');
  ws.addRow([...LIFT_IMPORT_COLUMNS]).commit();
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const v: Record<string, unknown> = {
      name: `Imported ${i}`,
      code: `IMPB-${i}`,
      model: 'M1',
      j_floors: '-1,1,2,3,4,5,6,7,8',
      brand: 'OTIS',
      j_alarm_charger: '张三:13800000000',
      is_through_door: '0',
      speed: 1.75,
      load: 1000,
      address: `Road ${i}`,
    };
    ws.addRow(LIFT_IMPORT_COLUMNS.map((c) => v[c] ?? '')).commit();
  }
  ws.commit();
  await wb.commit();
  const content = fs.readFileSync(file);
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const ti = performance.now();
  const up = await built.app.inject({
    method: 'POST',
    url: '/api/device/import',
    headers: { authorization: `Bearer ${topToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const jobId = up.json().data.id as number;
  let job: { status: string; ok_count: number; fail_count: number } = { status: 'running', ok_count: 0, fail_count: 0 };
  while (job.status === 'running') {
    await new Promise((r) => setTimeout(r, 100));
    job = (
      await built.app.inject({
        method: 'GET',
        url: `/api/device/import/progress?id=${jobId}`,
        headers: { authorization: `Bearer ${topToken}` },
      })
    ).json().data;
  }
  const importS = (performance.now() - ti) / 1000;
  clearInterval(sampler);
  Object.assign(rows, {
    'import rows': IMPORT_ROWS,
    'import file KB': Math.round(content.length / 1024),
    'import status': job.status,
    'import ok rows': job.ok_count,
    'import refused rows': job.fail_count,
    'import s': importS,
    'import rows/s': IMPORT_ROWS / importS,
    'RSS before import MB': rssBefore / 1048576,
    'RSS peak during import MB': peak / 1048576,
  });
  report('registry', rows);
  await built.close();
} finally {
  await handle.close().catch(() => undefined);
  await dropSchema(PG, schema).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
