import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsFor } from '../src/jobs/queue.ts';
import { createOutboxSmsProvider, smsProviderFor, useSmsProvider } from '../src/modules/sms/provider.ts';
import {
  auth,
  createCompany,
  createLift,
  createUser,
  type FakeServer,
  raiseFault,
  rootCompanyId,
  settle,
  startFakeServer,
} from './alerts-fixtures.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let provider: FakeServer;
let root: number;

beforeAll(async () => {
  provider = await startFakeServer();
  h = await startHarness({ SMS_PROVIDER_URL: `${provider.url}/sms`, SMS_PROVIDER_TOKEN: 'tok' });
  jobsFor(h.ctx).configure({ backoffBaseMs: 40, backoffMaxMs: 200 });
  root = await rootCompanyId(h.ctx.db);
});
afterAll(async () => {
  await h?.close();
  await provider?.close();
});

const records = (faultId: number) => h.ctx.db.selectFrom('sms_record').selectAll().where('fault_id', '=', faultId).orderBy('id').execute();
const smsCount = async (companyId: number) =>
  (await h.ctx.db.selectFrom('company').select('sms_count').where('id', '=', companyId).executeTakeFirstOrThrow()).sms_count;

describe('fault SMS through a provider that fails and recovers', () => {
  it('keeps the alert queued while the provider fails, then sends each SMS exactly once', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Acme', pid: root, smsLimit: 100, signature: '安心物业', signatureEnabled: 1 });
    const lift = await createLift(h.ctx.db, company, {
      name: 'A1',
      contacts: [
        { name: 'Wang', mobile: '13911112222' },
        { name: 'Li', mobile: '+86 139-3333-4444' },
      ],
    });
    provider.failNext(5);
    const before = provider.requests.length;
    const faultId = await raiseFault(h, lift, 'TRAP_FLOOR', { companyId: company, trapped: true });
    await settle(h);

    const rows = await records(faultId);
    expect(rows.map((r) => [r.mobile, r.status])).toEqual([
      ['13911112222', 'sent'],
      ['13933334444', 'sent'],
    ]);
    const got = provider.requests.slice(before);
    expect(got.filter((r) => r.status !== 200)).toHaveLength(5);
    const accepted = got.filter((r) => r.status === 200);
    // each record accepted exactly once, always under its own idempotency key
    expect(accepted.map((r) => r.key).sort()).toEqual(rows.map((r) => `sms-record-${r.id}`).sort());
    expect(rows.reduce((n, r) => n + r.attempts, 0)).toBe(7);
    expect(accepted[0]?.body).toMatchObject({ to: expect.any(String), signature: '安心物业' });
    expect(String(accepted[0]?.body.text)).toContain('【安心物业】电梯 A1');
    expect(String(accepted[0]?.body.text)).toContain('平层困人');
    expect(await smsCount(company)).toBe(2);

    // running the queue again sends nothing more
    const n = provider.requests.length;
    await settle(h);
    expect(provider.requests.length).toBe(n);
  });

  it('does not send the same fault on the same device twice a day, and caps a device at 3', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Caps', pid: root, smsLimit: 100 });
    const lift = await createLift(h.ctx.db, company, { contacts: [{ name: 'Zhao', mobile: '13800000001' }] });
    const statuses: string[] = [];
    for (const code of ['TRAP_FLOOR', 'TRAP_FLOOR', 'OVERSPEED', 'HIT_TOP', 'HIT_BOTTOM']) {
      const f = await raiseFault(h, lift, code, { companyId: company });
      await settle(h);
      const [r] = await records(f);
      statuses.push(r?.status === 'suppressed' ? String(r.reason) : String(r?.status));
    }
    expect(statuses).toEqual(['sent', 'same_fault_today', 'sent', 'sent', 'device_daily_cap']);
    // unapproved company: the platform signature is used
    const [first] = await h.ctx.db
      .selectFrom('sms_record')
      .select('body')
      .where('company_id', '=', company)
      .orderBy('id')
      .limit(1)
      .execute();
    expect(first?.body.startsWith('【LiftGuard】')).toBe(true);
  });

  it('applies sms_enable, overseas numbers and the company limit, and records why', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Lim', pid: root, smsLimit: 1, smsEnable: 1 });
    const lift = await createLift(h.ctx.db, company, {
      contacts: [
        { name: 'Ana', mobile: '+351912345678' },
        { name: 'Chen', mobile: '13700000001' },
        { name: 'Zhou', mobile: '13700000002' },
      ],
    });
    const f = await raiseFault(h, lift, 'POWER_CUT', { companyId: company });
    await settle(h);
    expect((await records(f)).map((r) => [r.mobile, r.status, r.reason])).toEqual([
      ['+351912345678', 'suppressed', 'overseas_not_allowed'],
      ['13700000001', 'sent', null],
      ['13700000002', 'suppressed', 'company_limit'],
    ]);
    await h.ctx.db.updateTable('company').set({ sms_enable: 0 }).where('id', '=', company).execute();
    const g = await raiseFault(h, lift, 'HIT_TOP', { companyId: company });
    await settle(h);
    expect((await records(g)).every((r) => r.reason === 'sms_disabled')).toBe(true);
  });

  it('sends only codes that alert by SMS for the company, following its fault settings', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Set', pid: root });
    const { token } = await createUser(h.ctx.db, company);
    const lift = await createLift(h.ctx.db, company, { contacts: [{ name: 'Sun', mobile: '13600000001' }] });
    const f = await raiseFault(h, lift, 'DOOR_BLOCKED', { companyId: company });
    await settle(h);
    expect(await records(f)).toHaveLength(0); // door codes alert on screen only by default
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/fault/settings',
      headers: auth(token),
      payload: { list: [{ code: 'DOOR_BLOCKED', screen: true, sms: true }] },
    });
    expect(res.json()).toEqual({ data: true });
    const g = await raiseFault(h, lift, 'DOOR_BLOCKED', { companyId: company });
    await settle(h);
    expect((await records(g)).map((r) => r.status)).toEqual(['sent']);
  });

  it('alerts once for an event heard twice and for repeats of the open fault the same day', async () => {
    const company = await createCompany(h.ctx.db, { name: 'Dup', pid: root });
    const lift = await createLift(h.ctx.db, company, { contacts: [{ name: 'Qian', mobile: '13500000001' }] });
    const at = new Date();
    const f = await raiseFault(h, lift, 'SAFETY_OPEN', { companyId: company, at });
    await h.ctx.bus.publish('fault.raised', {
      faultId: f,
      liftId: lift.id,
      companyId: company,
      code: 'SAFETY_OPEN',
      occurredAt: at.toISOString(),
    });
    const later = new Date(at.getTime() + 5_000).toISOString();
    await h.ctx.bus.publish('fault.raised', {
      faultId: f,
      liftId: lift.id,
      companyId: company,
      code: 'SAFETY_OPEN',
      repeat: 2,
      occurredAt: later,
    });
    await settle(h);
    expect(await records(f)).toHaveLength(1);
  });
});

describe('SMS records are visible to their company only', () => {
  it('lists the company records with status and reason, and none of another company', async () => {
    const a = await createCompany(h.ctx.db, { name: 'VisA', pid: root });
    const b = await createCompany(h.ctx.db, { name: 'VisB', pid: root });
    const ua = await createUser(h.ctx.db, a);
    const ub = await createUser(h.ctx.db, b);
    const lift = await createLift(h.ctx.db, a, {
      contacts: [
        { name: 'Ma', mobile: '13400000001' },
        { name: 'Bad', mobile: '12345' },
      ],
    });
    await raiseFault(h, lift, 'HIT_BOTTOM', { companyId: a });
    await settle(h);
    const la = (await h.app.inject({ method: 'GET', url: '/api/sms/list', headers: auth(ua.token) })).json();
    expect(la.data.totalRow).toBe(2);
    expect(la.data.list.map((r: { status: string; reason: string | null }) => [r.status, r.reason]).sort()).toEqual([
      ['sent', null],
      ['suppressed', 'invalid_number'],
    ]);
    const lb = (await h.app.inject({ method: 'GET', url: '/api/sms/list', headers: auth(ub.token) })).json();
    expect(lb.data).toEqual({ list: [], pageNumber: 1, totalRow: 0 });
    const usage = (await h.app.inject({ method: 'GET', url: '/api/sms/usage', headers: auth(ua.token) })).json();
    expect(usage.data).toMatchObject({ sms_count: 1, sms_limit: 1000, sms_enable: 1, signature_state: 'none' });
  });
});

describe('the outbox default provider', () => {
  it('writes the SMS to the outbox when no provider is configured', async () => {
    const http = smsProviderFor(h.ctx);
    useSmsProvider(h.ctx, createOutboxSmsProvider(h.ctx));
    try {
      const company = await createCompany(h.ctx.db, { name: 'Box', pid: root });
      const lift = await createLift(h.ctx.db, company, { contacts: [{ name: 'He', mobile: '13300000001' }] });
      const f = await raiseFault(h, lift, 'OVERSPEED', { companyId: company });
      await settle(h);
      const [r] = await records(f);
      expect(r?.status).toBe('sent');
      expect(r?.provider_id).toMatch(/^outbox:\d+$/);
      const out = await h.ctx.db.selectFrom('outbox').selectAll().where('target', '=', '13300000001').execute();
      expect(out).toHaveLength(1);
      expect(out[0]).toMatchObject({ channel: 'sms', kind: 'fault_alert', company_id: company });
    } finally {
      useSmsProvider(h.ctx, http);
    }
  });
});
