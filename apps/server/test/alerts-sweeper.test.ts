import { SimTerminal } from '@liftguard/simulator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsFor } from '../src/jobs/queue.ts';
import { sweepUnalertedFaults } from '../src/modules/sms/service.ts';
import { createCompany, createLift, raiseFault, rootCompanyId, settle } from './alerts-fixtures.ts';
import { type Harness, startHarness } from './harness.ts';
import {
  type LiveClient,
  openLive,
  type RealtimeHarness,
  seedCompany,
  seedLift,
  seedSession,
  startRealtime,
  waitFor,
} from './realtime-fixtures.ts';

describe('alert sweeper: a fault whose bus event was lost is still alerted, once', () => {
  let h: Harness;
  let root: number;
  beforeAll(async () => {
    h = await startHarness();
    root = await rootCompanyId(h.ctx.db);
  });
  afterAll(async () => h?.close());

  const records = (faultId: number) => h.ctx.db.selectFrom('sms_record').selectAll().where('fault_id', '=', faultId).execute();
  const alertJobs = (faultId: number) =>
    h.ctx.db
      .selectFrom('job')
      .select('id')
      .where('queue', '=', 'sms.fault_alert')
      .where(sql<string>`payload->>'faultId'`, '=', String(faultId))
      .execute();

  it('alerts a fault inserted without any bus event exactly once; a second sweep enqueues nothing', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Swept', pid: root, smsLimit: 100 });
    const lift = await createLift(h.ctx.db, company, { contacts: [{ name: 'Wang', mobile: '13911110000' }] });
    const faultId = await raiseFault(h, lift, 'TRAP_FLOOR', { companyId: company, trapped: true, publish: false });
    await settle(h);
    expect(await records(faultId)).toHaveLength(0); // no event, no alert yet

    expect(await sweepUnalertedFaults(h.ctx, { graceMs: 0 })).toBe(1);
    await settle(h);
    const rows = await records(faultId);
    expect(rows.map((r) => [r.mobile, r.status])).toEqual([['13911110000', 'sent']]);

    expect(await sweepUnalertedFaults(h.ctx, { graceMs: 0 })).toBe(0);
    await settle(h);
    expect(await records(faultId)).toHaveLength(1);
    expect(await alertJobs(faultId)).toHaveLength(1);
  });

  it('leaves alone faults the bus path enqueued, recent ones (grace), solved, processed and older than 24 h', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Quiet', pid: root, smsLimit: 100 });
    const mk = async () => createLift(h.ctx.db, company, { contacts: [{ name: 'Li', mobile: '13922220000' }] });
    const viaBus = await raiseFault(h, await mk(), 'TRAP_FLOOR', { companyId: company });
    await settle(h);
    const fresh = await raiseFault(h, await mk(), 'OVERSPEED', { companyId: company, publish: false });
    const processed = await raiseFault(h, await mk(), 'OVERSPEED', { companyId: company, publish: false, state: 'processed' });
    const solved = await raiseFault(h, await mk(), 'OVERSPEED', { companyId: company, publish: false });
    await h.ctx.db.updateTable('fault').set({ solved_at: new Date() }).where('id', '=', solved).execute();
    const old = await raiseFault(h, await mk(), 'OVERSPEED', { companyId: company, publish: false });
    await h.ctx.db
      .updateTable('fault')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('id', '=', old)
      .execute();
    const before = (await alertJobs(viaBus)).length;
    expect(before).toBe(1);

    // the default grace leaves the just-raised fault to the bus path
    expect(await sweepUnalertedFaults(h.ctx)).toBe(0);
    // without grace only the open, recent, never-enqueued one is taken
    expect(await sweepUnalertedFaults(h.ctx, { graceMs: 0 })).toBe(1);
    expect(await alertJobs(fresh)).toHaveLength(1);
    for (const id of [processed, solved, old]) expect(await alertJobs(id)).toHaveLength(0);
    expect(await alertJobs(viaBus)).toHaveLength(1);
    await jobsFor(h.ctx).drain(15_000);
  });
});

describe('live channel marks each fault push with the company "on screen" setting', () => {
  let h: RealtimeHarness;
  const clients: LiveClient[] = [];
  const terms: SimTerminal[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const t of terms) await t.stop();
    await h?.close();
  });

  it('alert_screen follows fault settings (catalogue default true), on up_report_fault and addF', async () => {
    h = await startRealtime();
    const a = await seedCompany(h.handle.db, 'ScreenCo');
    const lift = await seedLift(h.handle.db, a.id);
    const tok = await seedSession(h.handle.db, a.id);
    await h.handle.db.insertInto('fault_setting').values({ company_id: a.id, code: 'HIT_TOP', screen: false, sms: false }).execute();
    const c = await openLive(h.baseUrl, tok.token);
    clients.push(c);
    await waitFor(() => c.messages.some((m) => m.code === 200));
    const term = new SimTerminal({
      url: h.mqttUrl,
      id: lift.terminalId,
      secret: lift.secret,
      root: h.gateway.topicRoot,
      traffic: false,
      statusIntervalMs: 60_000,
    });
    terms.push(term);
    await term.start();

    term.raiseFault('HIT_TOP', false);
    term.raiseFault('TRAP_FLOOR', true);
    const faults = await waitFor(() => {
      const got = c.actions('up_report_fault');
      return got.length >= 2 ? got : undefined;
    });
    const byCode = (list: typeof faults, code: string) => list.find((m) => (m.data as { code?: string }).code === code)?.data;
    expect(byCode(faults, 'HIT_TOP')).toMatchObject({ alert_screen: false });
    expect(byCode(faults, 'TRAP_FLOOR')).toMatchObject({ alert_screen: true, trapped: true });
    const adds = await waitFor(() => {
      const got = c.actions('addF');
      return got.length >= 2 ? got : undefined;
    });
    expect(byCode(adds, 'HIT_TOP')).toMatchObject({ alert_screen: false });
    expect(byCode(adds, 'TRAP_FLOOR')).toMatchObject({ alert_screen: true });
  });
});
