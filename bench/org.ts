// Organisation benchmark of issue 3: user list and company tree p99 with 10,000 users and 1,000
// companies on PostgreSQL, and the cost of the permission check (token → AuthContext → write
// guard) per request. Seeds into a schema of its own and drops it afterwards.
// Run: npm run bench -- org   (PostgreSQL at 127.0.0.1:5432; BENCH_PG_URL names the admin database)
import { randomBytes } from 'node:crypto';
import { canWrite } from '@liftguard/contract';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { resolveToken } from '../apps/server/src/platform/auth.ts';
import { ensureRoot } from '../apps/server/src/platform/bootstrap.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { dropSchema, openDatabase } from '../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { hashToken, newToken } from '../apps/server/src/platform/tokens.ts';
import { freshPgDatabase, percentile, report } from './support.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const TOP = 10;
const SUBS_PER_TOP = 20;
const DEPTS_PER_SUB = 4;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);

const schema = `bench_org_${randomBytes(4).toString('hex')}`;
const config = loadConfig(
  {},
  { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: `/tmp/liftguard-bench-org-${process.pid}`, SEED_DEMO: '0' },
);
// A database of its own as well: kysely's migrator looks for its lock table in every schema of the
// database, so another run migrating a schema of the same database at the same time would confuse it.
const pgdb = await freshPgDatabase(`bench_org_${process.pid}`);
const PG = pgdb.url;
const handle = await openDatabase({ url: PG, dataDir: config.dataDir, schema });
const db = handle.db;

try {
  await migrateToLatest(db);
  await ensureRoot(db, 'Bench#Admin1');
  const built = await buildApp(config, handle);
  await built.app.ready();

  // --- seed: 10 top companies × 20 subsidiaries × 4 departments (1,010 nodes), 10,000 users
  const t0 = performance.now();
  const platform = await db.selectFrom('company').select(['id', 'path']).where('pid', 'is', null).executeTakeFirstOrThrow();
  const uris = (await db.selectFrom('resource').select('name').where('kind', '=', 'uri').execute()).map((r) => r.name);
  const keys = (await db.selectFrom('resource').select('name').where('kind', '=', 'route').execute()).map((r) => r.name);
  const nodes: Array<{ id: number; top: number }> = [];
  const addNode = async (pid: number, parentPath: string, name: string, type: 'company' | 'department') => {
    const r = await db
      .insertInto('company')
      .values({
        pid,
        path: '',
        node_type: type,
        name,
        j_region: '[]',
        j_community_ids: '[]',
        j_auth_list: JSON.stringify(type === 'company' ? keys : []),
        j_auth_uris: JSON.stringify(type === 'company' ? uris : []),
        j_extra_auth: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const path = `${parentPath}${type === 'department' ? 'd' : ''}${r.id}/`;
    await db.updateTable('company').set({ path }).where('id', '=', r.id).execute();
    return { id: r.id, path };
  };
  const tops: Array<{ id: number; path: string; roleId: number }> = [];
  for (let t = 0; t < TOP; t++) {
    const top = await addNode(platform.id, platform.path, `Group ${t}`, 'company');
    const role = await db
      .insertInto('role')
      .values({
        company_id: top.id,
        name: 'Admin',
        role_type: 'ADMIN',
        j_auth_list: JSON.stringify(keys),
        j_app_auth: '[]',
        j_expert_auth: '[]',
        j_extra_auth: '[]',
        j_auth_uris: JSON.stringify(uris),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    tops.push({ ...top, roleId: role.id });
    nodes.push({ id: top.id, top: t });
    for (let s = 0; s < SUBS_PER_TOP; s++) {
      const sub = await addNode(top.id, top.path, `Group ${t} sub ${s}`, 'company');
      nodes.push({ id: sub.id, top: t });
      for (let d = 0; d < DEPTS_PER_SUB; d++) nodes.push({ id: (await addNode(sub.id, sub.path, `Dept ${d}`, 'department')).id, top: t });
    }
  }
  const hash = await hashPassword('Bench#User1');
  for (let start = 0; start < USERS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, USERS - start) }, (_, k) => {
      const i = start + k;
      return {
        username: `user${i}`,
        realname: `User ${i}`,
        mobile: `13${String(100_000_000 + i).slice(-9)}`,
        email: `user${i}@bench.example`,
        password_hash: hash,
        current_company_id: nodes[i % nodes.length]?.id ?? platform.id,
      };
    });
    const ids = await db.insertInto('app_user').values(rows).returning('id').execute();
    await db
      .insertInto('membership')
      .values(
        ids.map((u, k) => {
          const n = nodes[(start + k) % nodes.length] ?? { id: platform.id, top: 0 };
          return { user_id: u.id, company_id: n.id, role_id: tops[n.top]?.roleId ?? null, j_community_ids: '[]', j_region: '[]' };
        }),
      )
      .execute();
  }
  await sql`analyze`.execute(db);
  const seedMs = performance.now() - t0;

  // --- sessions: root, and the administrator of one top company (a tenth of everything in scope)
  const session = async (userId: number) => {
    const token = newToken();
    await db
      .insertInto('session')
      .values({ user_id: userId, token_hash: hashToken(token), client: 'web', expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    return token;
  };
  const rootId = (await db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const topAdmin = (
    await db
      .selectFrom('membership')
      .select('user_id')
      .where('company_id', '=', tops[0]?.id ?? 0)
      .executeTakeFirstOrThrow()
  ).user_id;
  await db
    .updateTable('app_user')
    .set({ current_company_id: tops[0]?.id ?? null })
    .where('id', '=', topAdmin)
    .execute();
  const rootToken = await session(rootId);
  const adminToken = await session(topAdmin);

  const timeRequests = async (label: string, token: string, urlOf: (i: number) => string) => {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      const res = await built.app.inject({ method: 'GET', url: urlOf(i), headers: { authorization: token } });
      times.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    times.sort((a, b) => a - b);
    return { [`${label} p50 ms`]: percentile(times, 50), [`${label} p99 ms`]: percentile(times, 99) };
  };

  const rows: Record<string, unknown> = { users: USERS, companies_and_departments: nodes.length, seed_s: seedMs / 1000 };
  Object.assign(
    rows,
    await timeRequests('user list, root (10,000 in scope)', rootToken, (i) => `/api/user/list?page=${1 + (i % 50)}&size=24`),
    await timeRequests('user list, root, keyword', rootToken, (i) => `/api/user/list?keyword=user${(i * 37) % USERS}&size=12`),
    await timeRequests('user list, company admin (~1,000 in scope)', adminToken, (i) => `/api/user/list?page=${1 + (i % 20)}&size=24`),
    await timeRequests('company tree, root (1,011 nodes)', rootToken, () => '/api/company/tree'),
    await timeRequests('company tree, company admin (101 nodes)', adminToken, () => '/api/company/tree'),
  );

  // --- the permission check alone: resolve the token (one indexed join), then the write guard
  const guardTimes: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t = performance.now();
    const auth = await resolveToken(db, adminToken);
    if ('code' in auth) throw new Error('token did not resolve');
    canWrite('POST', '/api/company/add', { isRoot: auth.isRoot, uris: auth.uris, communityId: null });
    guardTimes.push(performance.now() - t);
  }
  guardTimes.sort((a, b) => a - b);
  const auth = await resolveToken(db, adminToken);
  if ('code' in auth) throw new Error('token did not resolve');
  const t1 = performance.now();
  for (let i = 0; i < 100_000; i++)
    canWrite('POST', '/api/community/building/batchadd', { isRoot: false, uris: auth.uris, communityId: 12 });
  const pureUs = ((performance.now() - t1) / 100_000) * 1000;
  Object.assign(rows, {
    'permission check (token → scope + guard) p50 ms': percentile(guardTimes, 50),
    'permission check p99 ms': percentile(guardTimes, 99),
    [`write guard alone (${auth.uris.length} URIs) µs`]: pureUs,
  });
  report('org', rows);
  await built.close();
} finally {
  await handle.close().catch(() => undefined);
  await dropSchema(PG, schema);
  await pgdb.drop();
}
