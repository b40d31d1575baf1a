import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsFor } from '../src/jobs/queue.ts';
import * as smsRepo from '../src/modules/sms/repo.ts';
import { createCompany, createLift, raiseFault, rootCompanyId, settle } from './alerts-fixtures.ts';
import { type Harness, startHarness } from './harness.ts';

/**
 * Delivery of fault SMS through a provider that fails on purpose (errors, then answers too late)
 * and recovers: nothing is lost, nothing is delivered twice by a provider that honours the
 * idempotency key, and decisions taken concurrently stay exact (company limit, device cap).
 */

type Mode = { kind: 'ok' } | { kind: 'error'; status: number } | { kind: 'slow'; ms: number };

/** A provider that delivers each idempotency key once; `plan` says how the next requests go. */
async function startFlakyProvider() {
  const plan: Mode[] = [];
  const requests: Array<{ key: string; bodyKey: unknown; to: string; mode: Mode['kind'] }> = [];
  /** what reached a phone: first request per key that the provider accepted (slow ones too) */
  const delivered = new Map<string, string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const mode = plan.shift() ?? { kind: 'ok' };
      const key = String(req.headers['idempotency-key'] ?? '');
      const body = JSON.parse(raw) as { to: string; idempotency_key?: unknown };
      requests.push({ key, bodyKey: body.idempotency_key, to: body.to, mode: mode.kind });
      if (mode.kind === 'error') {
        res.writeHead(mode.status).end('{"error":"down"}');
        return;
      }
      // accepted (a slow answer is accepted too: the client gave up waiting, the SMS went out)
      if (!delivered.has(key)) delivered.set(key, body.to);
      const answer = () => {
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `p-${key}` }));
      };
      if (mode.kind === 'slow') setTimeout(answer, mode.ms);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    plan,
    requests,
    delivered,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

let h: Harness;
let provider: Awaited<ReturnType<typeof startFlakyProvider>>;
let root: number;

beforeAll(async () => {
  provider = await startFlakyProvider();
  h = await startHarness({ SMS_PROVIDER_URL: provider.url, SMS_PROVIDER_TIMEOUT_MS: 1_000 });
  jobsFor(h.ctx).configure({ backoffBaseMs: 40, backoffMaxMs: 200 });
  root = await rootCompanyId(h.ctx.db);
});
afterAll(async () => {
  await h?.close();
  await provider?.close();
});

const recordsOf = (companyId: number) =>
  h.ctx.db.selectFrom('sms_record').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
/** Run the queue until the company's alert is decided (the bus path enqueues it asynchronously); its send jobs are not run yet. */
async function decideNow(companyId: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await jobsFor(h.ctx).runOnce();
        return (await recordsOf(companyId)).length;
      },
      { timeout: 15_000, interval: 20 },
    )
    .toBeGreaterThan(0);
}
const smsCount = async (companyId: number) =>
  (await h.ctx.db.selectFrom('company').select('sms_count').where('id', '=', companyId).executeTakeFirstOrThrow()).sms_count;

describe('a provider that fails, times out, then recovers', () => {
  it('loses nothing, retries a timed-out SMS under the same key, and delivers each SMS once', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Flaky', pid: root, smsLimit: 100 });
    const lifts = await Promise.all(
      [0, 1, 2].map((i) =>
        createLift(h.ctx.db, company, {
          contacts: [
            { name: 'A', mobile: `1391000000${i}` },
            { name: 'B', mobile: `1382000000${i}` },
          ],
        }),
      ),
    );
    const before = provider.requests.length;
    // two refusals, two answers after the 1 s timeout (the provider did take those SMS), then healthy
    provider.plan.push(
      { kind: 'error', status: 503 },
      { kind: 'error', status: 500 },
      { kind: 'slow', ms: 1_600 },
      { kind: 'slow', ms: 1_600 },
    );
    for (const lift of lifts) await raiseFault(h, lift, 'TRAP_FLOOR', { companyId: company, trapped: true });
    await settle(h, 30_000);

    const rows = await recordsOf(company);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const keys = rows.map((r) => `sms-record-${r.id}`).sort();
    const got = provider.requests.slice(before);
    // every attempt carried the record's key, in the header and in the body
    expect(got.every((r) => r.key === r.bodyKey)).toBe(true);
    expect([...new Set(got.map((r) => r.key))].sort()).toEqual(keys);
    // 6 SMS, 4 failed attempts: 10 requests (more only if the loaded box made a healthy answer miss the 1 s timeout);
    // every failed attempt was repeated under the same key
    expect(got.length).toBeGreaterThanOrEqual(10);
    expect(got.length - new Set(got.map((r) => r.key)).size).toBe(got.length - 6);
    // a provider honouring the key delivered each SMS once, to the right number
    expect([...provider.delivered.keys()].filter((k) => keys.includes(k)).sort()).toEqual(keys);
    for (const r of rows) expect(provider.delivered.get(`sms-record-${r.id}`)).toBe(r.mobile);
    // the timed-out attempts are recorded as unknown outcomes, the refusals as plain retries
    expect(rows.reduce((n, r) => n + r.unknown_outcomes, 0)).toBe(got.length - 8);
    expect(rows.reduce((n, r) => n + r.attempts, 0)).toBe(got.length);
    expect(rows.every((r) => r.reason === null)).toBe(true);
    expect(await smsCount(company)).toBe(6);

    // running the queue again sends nothing more
    const n = provider.requests.length;
    await settle(h);
    expect(provider.requests.length).toBe(n);
  }, 60_000);

  it('keeps an SMS queued with the reason while the provider is down', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Down', pid: root, smsLimit: 100 });
    const lift = await createLift(h.ctx.db, company, { contacts: [{ name: 'A', mobile: '13930000001' }] });
    provider.plan.push({ kind: 'slow', ms: 1_500 });
    await raiseFault(h, lift, 'TRAP_FLOOR', { companyId: company, trapped: true });
    await decideNow(company);
    await jobsFor(h.ctx).runOnce(); // the first send: times out
    const [r] = await recordsOf(company);
    expect(r).toMatchObject({ status: 'queued', reason: 'provider_unknown_outcome', unknown_outcomes: 1 });
    expect(r?.last_error).toMatch(/no answer within 1000 ms/);
    expect(await smsCount(company)).toBe(1); // the queued SMS holds its unit
    await settle(h, 20_000);
    const [done] = await recordsOf(company);
    expect(done).toMatchObject({ status: 'sent', reason: null });
  }, 60_000);

  it('gives the unit back when an SMS finally fails', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Dead', pid: root, smsLimit: 100 });
    const lift = await createLift(h.ctx.db, company, { contacts: [{ name: 'A', mobile: '13940000001' }] });
    provider.plan.push({ kind: 'error', status: 503 });
    await raiseFault(h, lift, 'TRAP_FLOOR', { companyId: company, trapped: true });
    await decideNow(company);
    await jobsFor(h.ctx).runOnce(); // the first send: refused
    const [r] = await recordsOf(company);
    expect(r).toMatchObject({ status: 'queued', reason: 'provider_retry', last_error: 'provider answered 503' });
    expect(await smsCount(company)).toBe(1);
    // the job's last attempt failed (what onDead does)
    await smsRepo.markFailed(h.ctx.db, Number(r?.id), 'provider answered 503');
    await h.ctx.db.updateTable('job').set({ state: 'done' }).where('dedupe_key', '=', `sms:${r?.id}`).execute();
    const [failed] = await recordsOf(company);
    expect(failed).toMatchObject({ status: 'failed', reason: 'provider_failed' });
    expect(await smsCount(company)).toBe(0);
  });
});

describe('decisions taken concurrently stay exact', () => {
  it('never exceeds the company limit, the device cap or once per fault and day', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Race', pid: root, smsLimit: 7 });
    // 12 lifts with their own number each; one more lift whose number gets 6 faults at once
    const lifts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createLift(h.ctx.db, company, { contacts: [{ name: 'own', mobile: `1365000${String(i).padStart(4, '0')}` }] }),
      ),
    );
    const busy = await createLift(h.ctx.db, company, { contacts: [{ name: 'duty', mobile: '13650009999' }] });
    await Promise.all([
      ...lifts.map((l) => raiseFault(h, l, 'OVERSPEED', { companyId: company })),
      ...['TRAP_FLOOR', 'TRAP_BETWEEN', 'OVERSPEED', 'HIT_TOP', 'HIT_BOTTOM', 'POWER_CUT'].map((code) =>
        raiseFault(h, busy, code, { companyId: company }),
      ),
    ]);
    await settle(h, 30_000);
    const rows = await recordsOf(company);
    expect(rows).toHaveLength(18);
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent).toHaveLength(7);
    expect(await smsCount(company)).toBe(7);
    // the busy lift and number: at most 3 a day, in distinct slots
    const busySent = sent.filter((r) => r.lift_id === busy.id);
    expect(busySent.length).toBeLessThanOrEqual(3);
    expect(new Set(busySent.map((r) => r.day_slot)).size).toBe(busySent.length);
    const reasons = new Set(rows.filter((r) => r.status === 'suppressed').map((r) => r.reason));
    expect([...reasons].every((x) => x === 'company_limit' || x === 'device_daily_cap')).toBe(true);
    // each SMS handed to the provider once
    const keys = new Set(rows.map((r) => `sms-record-${r.id}`));
    const got = provider.requests.filter((r) => keys.has(r.key));
    expect(got).toHaveLength(7);
    expect(new Set(got.map((r) => r.key)).size).toBe(7);
  }, 60_000);

  it('refuses a second record of the same fault, lift, number and day at the database', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Key', pid: root });
    const lift = await createLift(h.ctx.db, company);
    const row = {
      company_id: company,
      lift_id: lift.id,
      fault_id: null,
      code: 'TRAP_FLOOR',
      mobile: '13660000001',
      body: 'x',
      signature: 'LiftGuard',
      status: 'queued' as const,
      reason: null,
      created_at: new Date(),
      sms_day: '2026-01-01',
    };
    await smsRepo.insertRecords(h.ctx.db, [{ ...row, day_slot: 1 }]);
    await expect(smsRepo.insertRecords(h.ctx.db, [{ ...row, day_slot: 2 }])).rejects.toThrow(/sms_record_fault_day_uq/);
    await expect(smsRepo.insertRecords(h.ctx.db, [{ ...row, code: 'HIT_TOP', day_slot: 1 }])).rejects.toThrow(/sms_record_device_slot_uq/);
    // a suppressed record is outside the keys
    await smsRepo.insertRecords(h.ctx.db, [{ ...row, status: 'suppressed', reason: 'same_fault_today' }]);
  });
});
