import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsFor } from '../src/jobs/queue.ts';
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
let platform: FakeServer;
let root: number;
beforeAll(async () => {
  platform = await startFakeServer();
  h = await startHarness();
  jobsFor(h.ctx).configure({ backoffBaseMs: 40, backoffMaxMs: 200 });
  root = await rootCompanyId(h.ctx.db);
});
afterAll(async () => {
  await h?.close();
  await platform?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
  h.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

describe('regulatory platform accounts', () => {
  it('adds, lists without the secret, refuses the same account and secret (4105), and removes', async () => {
    const c = await createCompany(h.ctx.db, { name: 'Reg Co', pid: root });
    const other = await createCompany(h.ctx.db, { name: 'Reg Other', pid: root });
    const u = await createUser(h.ctx.db, c);
    const o = await createUser(h.ctx.db, other);
    const add = await call('POST', '/api/pusher/add', u.token, {
      name: 'City SEB',
      base_url: 'https://seb.example/api',
      account: 'acme',
      secret: 's1',
    });
    const id = add.json().data.id as number;
    const list = (await call('GET', '/api/pusher/list', u.token)).json().data;
    expect(list.totalRow).toBe(1);
    expect(list.list[0]).toMatchObject({ id, name: 'City SEB', account: 'acme', has_secret: true, enabled: true });
    expect(list.list[0].secret).toBeUndefined();
    expect((await call('GET', '/api/pusher/list', o.token)).json().data.totalRow).toBe(0);

    const same = await call('PUT', '/api/pusher/update', u.token, {
      id,
      name: 'City SEB',
      base_url: 'https://seb.example/api',
      account: 'acme',
      secret: 's1',
    });
    expect(same.json().code).toBe(4105);
    const renamed = await call('PUT', '/api/pusher/update', u.token, {
      id,
      name: 'City SEB 2',
      base_url: 'https://seb.example/api',
      account: 'acme',
    });
    expect(renamed.json()).toEqual({ data: true });
    const rotated = await call('PUT', '/api/pusher/update', u.token, {
      id,
      name: 'City SEB 2',
      base_url: 'https://seb.example/api',
      account: 'acme',
      secret: 's2',
    });
    expect(rotated.json()).toEqual({ data: true });
    expect(
      (await call('PUT', '/api/pusher/update', o.token, { id, name: 'x', base_url: 'https://x.example', account: 'y', secret: 'z' })).json()
        .code,
    ).toBe(4064);
    expect((await call('PUT', '/api/pusher/delete', u.token, { id })).json()).toEqual({ data: true });
    expect((await call('GET', '/api/pusher/list', u.token)).json().data.totalRow).toBe(0);
    const audit = await h.ctx.db.selectFrom('audit_log').select('action').where('target', '=', `pusher_account:${id}`).execute();
    expect(audit.map((x) => x.action)).toEqual(['pusher.create', 'pusher.update', 'pusher.update', 'pusher.delete']);
  });

  it('requires serial number, manufacturer credit code and registration code (4183)', async () => {
    const c = await createCompany(h.ctx.db, { name: 'Param Co', pid: root });
    const u = await createUser(h.ctx.db, c);
    const lift = await createLift(h.ctx.db, c);
    const missing = await call('PUT', '/api/pusher/liftparams', u.token, {
      lift_id: lift.id,
      serial_number: 'SN1',
      manufacturer_credit_code: '',
      registration_code: 'R1',
    });
    expect(missing.json().code).toBe(4183);
    const ok = await call('PUT', '/api/pusher/liftparams', u.token, {
      lift_id: lift.id,
      serial_number: 'SN1',
      manufacturer_credit_code: 'MC1',
      registration_code: 'R1',
    });
    expect(ok.json()).toEqual({ data: true });
    expect((await call('GET', `/api/pusher/liftparams?lift_id=${lift.id}`, u.token)).json().data).toEqual({
      lift_id: lift.id,
      serial_number: 'SN1',
      manufacturer_credit_code: 'MC1',
      registration_code: 'R1',
    });
  });
});

describe('pushing to a platform that fails and recovers', () => {
  it('retries with backoff, logs every attempt, and delivers each push exactly once', async () => {
    const c = await createCompany(h.ctx.db, { name: 'Push Co', pid: root });
    const sub = await createCompany(h.ctx.db, { name: 'Push Sub', pid: c });
    const u = await createUser(h.ctx.db, c);
    const su = await createUser(h.ctx.db, sub);
    // the parent's account covers lifts of its subsidiary
    await call('POST', '/api/pusher/add', u.token, { name: 'Province', base_url: `${platform.url}/reg/`, account: 'acct', secret: 'sec' });
    const lift = await createLift(h.ctx.db, sub, { name: 'Sub-1' });
    expect((await call('POST', '/api/pusher/push', su.token, { lift_id: lift.id })).json().code).toBe(4183);
    await call('PUT', '/api/pusher/liftparams', su.token, {
      lift_id: lift.id,
      serial_number: 'SN9',
      manufacturer_credit_code: 'MC9',
      registration_code: 'REG9',
    });

    platform.failNext(4, 500);
    const before = platform.requests.length;
    const res = await call('POST', '/api/pusher/push', su.token, { lift_id: lift.id, kinds: ['registration', 'status'] });
    expect(res.json()).toEqual({ data: { queued: 2 } });
    await raiseFault(h, lift, 'TRAP_FLOOR', { companyId: sub, trapped: true });
    await settle(h);

    const got = platform.requests.slice(before);
    const accepted = got.filter((r) => r.status === 200);
    expect(got.filter((r) => r.status === 500)).toHaveLength(4);
    expect(accepted.map((r) => r.path).sort()).toEqual(['/reg/fault', '/reg/registration', '/reg/status']);
    expect(new Set(accepted.map((r) => r.key)).size).toBe(3);
    const reg = accepted.find((r) => r.path === '/reg/registration');
    expect(reg?.body).toMatchObject({
      account: 'acct',
      kind: 'registration',
      data: { registration_code: 'REG9', lift: { name: 'Sub-1' } },
    });
    const fault = accepted.find((r) => r.path === '/reg/fault');
    expect(fault?.body).toMatchObject({ data: { fault: { code: 'TRAP_FLOOR', fault_no: '01', trapped: true } } });

    const logs = (await call('GET', '/api/pusher/loglist', su.token)).json().data;
    expect(logs.totalRow).toBe(3);
    expect(logs.list.every((l: { status: string; response_status: number }) => l.status === 'sent' && l.response_status === 200)).toBe(
      true,
    );
    expect(logs.list.reduce((n: number, l: { attempts: number }) => n + l.attempts, 0)).toBe(7);
    const n = platform.requests.length;
    await settle(h);
    expect(platform.requests.length).toBe(n);
    // an unrelated company sees none of it
    const outsider = await createUser(h.ctx.db, await createCompany(h.ctx.db, { name: 'Nosy', pid: root }));
    expect((await call('GET', '/api/pusher/loglist', outsider.token)).json().data.totalRow).toBe(0);
  });

  it('answers 4186 when no platform covers the lift', async () => {
    const c = await createCompany(h.ctx.db, { name: 'Lonely Co', pid: root });
    const u = await createUser(h.ctx.db, c);
    const lift = await createLift(h.ctx.db, c);
    await call('PUT', '/api/pusher/liftparams', u.token, {
      lift_id: lift.id,
      serial_number: 'a',
      manufacturer_credit_code: 'b',
      registration_code: 'c',
    });
    expect((await call('POST', '/api/pusher/push', u.token, { lift_id: lift.id })).json().code).toBe(4186);
  });
});
