// Alerts benchmark of issue 7: a burst of faults over many lifts must give exactly the number of
// SMS the rules allow (computed here independently of the server code), and the time from the
// fault event to the SMS reaching the provider (p50/p99).
// Run: npm run bench -- alerts   (PostgreSQL at 127.0.0.1:5432; BENCH_ENGINE=pglite for the embedded
// engine; BENCH_FAULTS and BENCH_LIFTS scale it, default 10000 faults over 1000 lifts).
import { buildApp } from '../apps/server/src/app.ts';
import { jobsFor } from '../apps/server/src/jobs/queue.ts';
import { ensureRoot } from '../apps/server/src/platform/bootstrap.ts';
import { Channels } from '../apps/server/src/platform/bus.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
import { fakeSmsProvider, freshPgDatabase, percentile, report, waitForAlertJobs } from './support.ts';

const FAULTS = Number(process.env.BENCH_FAULTS ?? 10_000);
const LIFTS = Number(process.env.BENCH_LIFTS ?? 1_000);
const COMPANIES = 10;
const engine = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';

// SMS-alerting by default (trapped and safety) and screen-only codes.
const SMS_CODES = ['TRAP_FLOOR', 'TRAP_BETWEEN', 'DOOR_OPEN_RUN', 'OVERSPEED', 'HIT_TOP', 'POWER_CUT', 'SAFETY_OPEN'];
const SCREEN_CODES = ['DOOR_BLOCKED', 'FLOOR_LOST'];

type CompanyPlan = { smsEnable: number; smsLimit: number };
/** Company 0 has a low SMS limit, company 1 has SMS off, company 2 has overseas contacts but domestic only. */
const plans: CompanyPlan[] = Array.from({ length: COMPANIES }, (_, i) => ({
  smsEnable: i === 1 ? 0 : i === 3 ? 2 : 1,
  smsLimit: i === 0 ? 120 : 100_000,
}));

async function main() {
  const pg = engine === 'postgres' ? await freshPgDatabase('bench_alerts') : null;
  const provider = await fakeSmsProvider();
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/liftguard-bench-alerts',
      SEED_DEMO: '0',
      SMS_PROVIDER_URL: provider.url,
      // BENCH_SEND_CONCURRENCY overrides SMS_SEND_CONCURRENCY (default 16)
      ...(process.env.BENCH_SEND_CONCURRENCY ? { SMS_SEND_CONCURRENCY: process.env.BENCH_SEND_CONCURRENCY } : {}),
    },
  );
  const handle = await openDatabase({ url: pg?.url ?? 'memory://', dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  await ensureRoot(handle.db, 'Bench#Admin1');
  const built = await buildApp(config, handle);
  await built.app.ready();
  const db = handle.db;
  const root = (await db.selectFrom('company').select('id').where('pid', 'is', null).executeTakeFirstOrThrow()).id;

  // Companies, lifts and contacts: every lift has its own contact and shares the company duty phone.
  const companyIds: number[] = [];
  for (const [i, p] of plans.entries()) {
    const c = await db
      .insertInto('company')
      .values({
        pid: root,
        path: '',
        node_type: 'company',
        name: `Bench ${i}`,
        j_region: '[]',
        j_community_ids: '[]',
        j_auth_list: '[]',
        j_auth_uris: '[]',
        j_extra_auth: '[]',
        sms_limit: p.smsLimit,
        sms_enable: p.smsEnable,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('company')
      .set({ path: `/${root}/${c.id}/` })
      .where('id', '=', c.id)
      .execute();
    companyIds.push(c.id);
  }
  type LiftPlan = { id: number; company: number; terminal: string; contacts: string[]; cap: number };
  const lifts: LiftPlan[] = [];
  for (let i = 0; i < LIFTS; i++) {
    const ci = i % COMPANIES;
    const own = ci === 2 || ci === 3 ? `+3519${String(10_000_000 + i).slice(-8)}` : `139${String(i).padStart(8, '0')}`;
    const duty = `137${String(ci).padStart(8, '0')}`;
    const cap = i % 7 === 0 ? 1 : 3; // some lifts allow fewer SMS a day
    lifts.push({ id: 0, company: companyIds[ci] as number, terminal: `BT${i}`, contacts: [own, duty], cap });
  }
  for (let i = 0; i < lifts.length; i += 500) {
    const chunk = lifts.slice(i, i + 500);
    const rows = await db
      .insertInto('lift')
      .values(
        chunk.map((l, k) => ({
          company_id: l.company,
          name: `Bench lift ${i + k}`,
          code: `BL${i + k}`,
          terminal_id: l.terminal,
          j_alarm_charger: JSON.stringify(l.contacts.map((m, n) => ({ name: `c${n}`, mobile: m }))),
          sms_limit: l.cap,
          expire_at: new Date(Date.now() + 365 * 86_400_000),
        })),
      )
      .returning('id')
      .execute();
    rows.forEach((r, k) => {
      (chunk[k] as LiftPlan).id = r.id;
    });
  }

  // The burst: FAULTS faults spread over the lifts, codes cycling through alerting and screen-only ones.
  const codes = [...SMS_CODES, ...SCREEN_CODES];
  type FaultPlan = { lift: LiftPlan; code: string; id: number; at: number };
  const faults: FaultPlan[] = [];
  for (let i = 0; i < FAULTS; i++) {
    const lift = lifts[i % lifts.length] as LiftPlan;
    faults.push({ lift, code: codes[(i * 7 + Math.floor(i / lifts.length)) % codes.length] as string, id: 0, at: 0 });
  }
  const now = new Date();
  for (let i = 0; i < faults.length; i += 500) {
    const chunk = faults.slice(i, i + 500);
    const rows = await db
      .insertInto('fault')
      .values(
        chunk.map((f) => ({
          lift_id: f.lift.id,
          company_id: f.lift.company,
          terminal_id: f.lift.terminal,
          code: f.code,
          occurred_at: now,
          solved_at: now, // stored as solved so repeats of a code do not collide with the open-fault index
          floor: 1,
        })),
      )
      .returning('id')
      .execute();
    rows.forEach((r, k) => {
      (chunk[k] as FaultPlan).id = Number(r.id);
    });
  }

  // The count the rules allow, computed from the plan alone.
  const expected = expectedSms(faults, plans, companyIds);

  const runner = jobsFor(built.ctx);
  runner.configure({ batch: 40, pollMs: 50 });
  runner.start();
  const t0 = performance.now();
  for (const f of faults) {
    f.at = performance.now();
    await built.ctx.bus.publish(Channels.faultRaised, {
      faultId: f.id,
      liftId: f.lift.id,
      companyId: f.lift.company,
      terminalId: f.lift.terminal,
      code: f.code,
      occurredAt: now.toISOString(),
    });
  }
  await waitForAlertJobs(db);
  const wallS = (performance.now() - t0) / 1000;
  await runner.stop();

  const sent = await db.selectFrom('sms_record').select(['id', 'fault_id', 'status', 'reason', 'unknown_outcomes']).execute();
  const byStatus: Record<string, number> = {};
  const byReason: Record<string, number> = {};
  for (const r of sent) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    if (r.reason) byReason[r.reason] = (byReason[r.reason] ?? 0) + 1;
  }
  const faultAt = new Map(faults.map((f) => [f.id, f.at]));
  const latencies: number[] = [];
  for (const r of sent) {
    const got = provider.received.get(`sms-record-${r.id}`);
    const at = faultAt.get(Number(r.fault_id));
    if (got !== undefined && at !== undefined) latencies.push(got - at);
  }
  latencies.sort((a, b) => a - b);
  report(`alerts-${engine}`, {
    engine,
    faults: FAULTS,
    lifts: LIFTS,
    sms_expected_by_rules: expected,
    sms_sent: byStatus.sent ?? 0,
    sms_handed_to_provider: provider.received.size,
    // a request repeated under the same Idempotency-Key (a retry after a timeout): a provider that honours the key bills it once
    provider_repeats_same_key: provider.duplicates(),
    // attempts that timed out (SMS_PROVIDER_TIMEOUT_MS): the SMS may have been accepted, retried under the same key
    unknown_outcomes: sent.reduce((n, r) => n + r.unknown_outcomes, 0),
    exact: (byStatus.sent ?? 0) === expected && provider.received.size === expected,
    suppressed_by_reason: byReason,
    fault_to_provider_p50_ms: percentile(latencies, 50),
    fault_to_provider_p99_ms: percentile(latencies, 99),
    burst_drained_s: wallS,
  });
  await built.close();
  await handle.close();
  await provider.close();
  // The database is left for inspection (sms_record, job); the next run drops and recreates it.
  if (pg) console.log(`  database kept: ${pg.url}`);
}

/**
 * Independent model of the rules: per lift and number, one SMS per distinct alerting code up to
 * min(3, lift cap); per number at most 50 a day; per company at most its limit; sms_enable 0
 * sends nothing, 1 skips overseas numbers. (The totals do not depend on the processing order.)
 */
function expectedSms(
  faults: Array<{ lift: { id: number; company: number; contacts: string[]; cap: number }; code: string }>,
  companies: CompanyPlan[],
  ids: number[],
): number {
  const alerting = new Set(SMS_CODES);
  const codesByLift = new Map<number, { lift: (typeof faults)[number]['lift']; codes: Set<string> }>();
  for (const f of faults) {
    if (!alerting.has(f.code)) continue;
    const e = codesByLift.get(f.lift.id) ?? { lift: f.lift, codes: new Set<string>() };
    e.codes.add(f.code);
    codesByLift.set(f.lift.id, e);
  }
  const perNumber = new Map<string, { company: number; n: number }>();
  for (const { lift, codes } of codesByLift.values()) {
    const plan = companies[ids.indexOf(lift.company)] as CompanyPlan;
    if (plan.smsEnable === 0) continue;
    for (const m of lift.contacts) {
      if (m.startsWith('+') && plan.smsEnable !== 2) continue;
      const e = perNumber.get(m) ?? { company: lift.company, n: 0 };
      e.n += Math.min(3, lift.cap, codes.size);
      perNumber.set(m, e);
    }
  }
  const perCompany = new Map<number, number>();
  for (const { company, n } of perNumber.values()) perCompany.set(company, (perCompany.get(company) ?? 0) + Math.min(50, n));
  let total = 0;
  for (const [company, n] of perCompany) total += Math.min(n, (companies[ids.indexOf(company)] as CompanyPlan).smsLimit);
  return total;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
