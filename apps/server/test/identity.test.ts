import { ZUser, ZWeakPasswordDetail } from '@liftguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityService } from '../src/modules/identity/service.ts';
import type { AuthContext } from '../src/platform/auth.ts';
import { Channels } from '../src/platform/bus.ts';
import { senderFor } from '../src/platform/sender.ts';
import { type Harness, startHarness } from './harness.ts';
import { type Org, seedOrg, seedUser } from './identity-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely here and checked by the assertions
type Reply = { data?: any; code?: number; msg?: string; detail?: any };
let h: Harness;
let org: Org;
const ended: unknown[] = [];
const ALICE = { username: 'alice', password: 'Alice#Pass1', mobile: '13800000001' };

beforeAll(async () => {
  h = await startHarness();
  org = await seedOrg(h);
  await seedUser(h, { ...ALICE, email: 'alice@example.com', nodes: [org.companyA, org.departD], roleId: org.roleA });
  h.ctx.bus.subscribe(Channels.sessionEnded, (m) => ended.push(m));
});
afterAll(async () => h?.close());

type Call = { method?: 'GET' | 'POST' | 'PUT'; url: string; token?: string; body?: unknown; ip?: string; lang?: string };
async function call(c: Call) {
  const res = await h.app.inject({
    method: c.method ?? 'GET',
    url: c.url,
    headers: { ...(c.token ? { authorization: c.token } : {}), ...(c.lang ? { 'accept-language': c.lang } : {}) },
    ...(c.body !== undefined ? { payload: c.body as object } : {}),
    ...(c.ip ? { remoteAddress: c.ip } : {}),
  });
  return { status: res.statusCode, body: res.json() as Reply };
}
const login = (username: string, password: string, client = 'web', ip = '203.0.113.1') =>
  call({ method: 'POST', url: '/api/login', body: { username, password, client }, ip });

describe('sign-in', () => {
  it('signs in by username and answers the user object with a token that works', async () => {
    const res = await login('ALICE', ALICE.password);
    expect(res.status).toBe(200);
    expect(res.body.code).toBeUndefined();
    const user = ZUser.parse(res.body.data);
    expect(user.username).toBe('alice');
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttlH = (new Date(user.token_end_time as string).getTime() - Date.now()) / 3_600_000;
    expect(ttlH).toBeGreaterThan(71.9);
    expect(ttlH).toBeLessThanOrEqual(72);
    const me = await call({ url: '/api/getuser', token: user.token });
    expect(me.status).toBe(200);
    expect(me.body.data.token).toBeUndefined();
    // the token is stored only hashed
    const stored = await h.handle.db.selectFrom('session').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(user.token);
  });

  it('signs in by phone number', async () => {
    const res = await login(ALICE.mobile, ALICE.password, 'mobile');
    expect(res.status).toBe(200);
    expect(res.body.data.username).toBe('alice');
  });

  it('answers a wrong password and an unknown user alike with 4012, and audits both', async () => {
    const wrong = await login('alice', 'Wrong#Pass1');
    const unknown = await login('nobody', 'Wrong#Pass1');
    expect(wrong).toEqual({ status: 401, body: { code: 4012, msg: expect.any(String) } });
    expect(unknown).toEqual(wrong);
    const audit = await h.handle.db
      .selectFrom('audit_log')
      .select(['username', 'result', 'ip', 'detail'])
      .where('action', '=', 'login')
      .where('result', '=', 'failed')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'alice', ip: '203.0.113.1', detail: expect.objectContaining({ reason: 'bad_password' }) }),
        expect.objectContaining({ username: 'nobody', detail: expect.objectContaining({ reason: 'unknown_user' }) }),
      ]),
    );
    await login('alice', ALICE.password); // a success clears the account counter for later tests
  });

  it('ends the older session on a second sign-in of the same client kind (403), and says so on the bus', async () => {
    const first = (await login('alice', ALICE.password, 'app')).body.data;
    const web = (await login('alice', ALICE.password, 'web')).body.data;
    const second = (await login('alice', ALICE.password, 'app')).body.data;
    const old = await call({ url: '/api/getuser', token: first.token });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(403);
    expect((await call({ url: '/api/getuser', token: second.token })).status).toBe(200);
    expect((await call({ url: '/api/getuser', token: web.token })).status).toBe(200);
    const row = await h.handle.db
      .selectFrom('session')
      .select(['id', 'ended_reason'])
      .where('ended_reason', '=', 'replaced')
      .where('client', '=', 'app')
      .executeTakeFirstOrThrow();
    expect(ended).toContainEqual({ userId: expect.any(Number), sessionId: row.id, reason: 'replaced' });
  });

  it('logs out: the token stops working and the logout is audited', async () => {
    const token = (await login('alice', ALICE.password)).body.data.token;
    expect((await call({ method: 'POST', url: '/api/logout', token })).body).toEqual({ data: true });
    const after = await call({ url: '/api/getuser', token });
    expect(after.status).toBe(401);
    expect([401, 403]).toContain(after.body.code);
    expect(await h.handle.db.selectFrom('audit_log').select('id').where('action', '=', 'logout').execute()).toHaveLength(1);
  });

  it('documents the identity routes in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/login', '/api/getuser', '/api/user/setcompany', '/api/code/send', '/api/code/resetpwd']),
    );
  });

  it('refuses a call without a token with 401', async () => {
    expect((await call({ url: '/api/getuser' })).body.code).toBe(401);
  });
});

describe('user object and current company', () => {
  it('builds companies, departs and permissions from the memberships', async () => {
    const token = (await login('alice', ALICE.password)).body.data.token;
    const user = ZUser.parse((await call({ url: '/api/getuser?refresh=1', token })).body.data);
    expect(user.isROOT).toBe(false);
    expect(user.companies).toEqual([expect.objectContaining({ company_id: org.companyA, name: 'Alpha Lifts' })]);
    expect(user.departs.map((d) => [d.company_id, d.node_type])).toEqual([
      [org.companyA, 'company'],
      [org.departD, 'department'],
    ]);
    expect(user.departs[0]?.j_auth_list).toEqual(['home_index', 'device_list']);
    expect(user.departs[0]?.j_auth_uris).toEqual(['/device/add']);
    expect(user.j_depart_ids).toEqual([org.companyA, org.departD]);
    // two memberships and none chosen yet: the user must choose
    expect(user.current_company).toBeNull();
  });

  it('switches to a node of the user and reports it with pid, chain and logo', async () => {
    const token = (await login('alice', ALICE.password)).body.data.token;
    const res = await call({ method: 'PUT', url: '/api/user/setcompany', token, body: { id: org.departD } });
    expect(res.status).toBe(200);
    const user = ZUser.parse(res.body.data);
    expect(user.current_company).toBe(org.departD);
    expect(user.company).toMatchObject({
      id: org.departD,
      pid: org.companyA,
      j_company_chain: [org.platformId, org.companyA, org.departD],
    });
    expect(user.current_logo).toBe('/f/logo-alpha.png'); // inherited from the owning company
    expect(user.auth_list).toEqual(['home_index', 'device_list']);
    const again = ZUser.parse((await call({ url: '/api/getuser', token })).body.data);
    expect(again.current_company).toBe(org.departD);
  });

  it('refuses a node the user has no membership in with 4035', async () => {
    const token = (await login('alice', ALICE.password)).body.data.token;
    const res = await call({ method: 'PUT', url: '/api/user/setcompany', token, body: { id: org.companyB } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(4035);
    const missing = await call({ method: 'PUT', url: '/api/user/setcompany', token, body: { id: 999_999 } });
    expect(missing.body.code).toBe(4035);
  });

  it('lets root choose any node', async () => {
    const token = await h.adminToken();
    const res = await call({ method: 'PUT', url: '/api/user/setcompany', token, body: { id: org.companyB } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ current_company: org.companyB, isROOT: true });
    await call({ method: 'PUT', url: '/api/user/setcompany', token, body: { id: org.platformId } });
  });

  it('stores the language and answers later messages in it', async () => {
    const token = (await login('alice', ALICE.password)).body.data.token;
    const res = await call({ url: '/api/changelang?language=pt-PT', token });
    expect(res.body.data).toEqual({ language: 'pt-PT', stored: true });
    expect((await call({ url: '/api/getuser', token })).body.data.language).toBe('pt-PT');
    const fail = await call({
      method: 'POST',
      url: '/api/user/updatepwd',
      token,
      lang: 'en-US',
      body: { oldPassword: 'Nope#123a', newPassword: 'Better#Pass2' },
    });
    expect(fail.body).toEqual({ code: 4024, msg: 'A palavra-passe antiga não corresponde' });
    await call({ url: '/api/changelang?language=en-US', token });
    const again = await call({
      method: 'POST',
      url: '/api/user/updatepwd',
      token,
      body: { oldPassword: 'Nope#123a', newPassword: 'Better#Pass2' },
    });
    expect(again.body.msg).toBe('Old password does not match');
    expect((await call({ url: '/api/changelang?language=zh-CN' })).body.data).toEqual({ language: 'zh-CN', stored: false });
    expect((await call({ url: '/api/changelang?language=xx' })).body.code).toBe(4001);
    await login('alice', ALICE.password); // clear the failure count left by the wrong old passwords
  });
});

describe('passwords', () => {
  it('changes the password: rules 4013, old password 4024, other sessions end', async () => {
    await seedUser(h, { username: 'carol', password: 'Carol#Pass1', nodes: [org.companyA], roleId: org.roleA });
    const web = (await login('carol', 'Carol#Pass1', 'web')).body.data.token;
    const mobile = (await login('carol', 'Carol#Pass1', 'mobile')).body.data.token;
    const url = '/api/user/updatepwd';
    expect((await call({ method: 'POST', url, token: web, body: { oldPassword: 'Carol#Pass1', newPassword: 'simple' } })).body.code).toBe(
      4013,
    );
    expect(
      (await call({ method: 'POST', url, token: web, body: { oldPassword: 'Wrong#Pass1', newPassword: 'Carol#Pass2' } })).body.code,
    ).toBe(4024);
    const ok = await call({ method: 'POST', url, token: web, body: { oldPassword: 'Carol#Pass1', newPassword: 'Carol#Pass2' } });
    expect(ok.body).toEqual({ data: true });
    expect((await call({ url: '/api/getuser', token: web })).status).toBe(200);
    expect((await call({ url: '/api/getuser', token: mobile })).body.code).toBe(403);
    expect((await login('carol', 'Carol#Pass1')).body.code).toBe(4012);
    expect((await login('carol', 'Carol#Pass2')).status).toBe(200);
    const audit = await h.handle.db
      .selectFrom('audit_log')
      .select('result')
      .where('action', '=', 'user.updatepwd')
      .where('username', '=', 'carol')
      .execute();
    expect(audit.map((a) => a.result).sort()).toEqual(['failed', 'ok']);
  });

  it('answers 413 for a stored password that no longer meets the rules, with a ticket that only renews it', async () => {
    await seedUser(h, { username: 'dave', password: 'dave1234', nodes: [org.companyA], roleId: org.roleA });
    const res = await login('dave', 'dave1234');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(413);
    const { ticket } = ZWeakPasswordDetail.parse(res.body.detail);
    // the ticket is no session token
    expect((await call({ url: '/api/getuser', token: ticket })).body.code).toBe(402);
    const renew = (newPassword: string, t = ticket) =>
      call({ method: 'POST', url: '/api/user/renewpwd', body: { ticket: t, newPassword } });
    expect((await renew('still-weak')).body.code).toBe(4013);
    expect((await renew('Dave#Pass1', 'not-a-ticket')).body.code).toBe(4110);
    expect((await renew('Dave#Pass1')).body).toEqual({ data: true });
    expect((await renew('Dave#Pass2')).body.code).toBe(4110); // single use
    expect((await login('dave', 'dave1234')).body.code).toBe(4012);
    expect((await login('dave', 'Dave#Pass1')).status).toBe(200);
  });

  it('answers 4025 when the account is gone by the time the password changes', async () => {
    const service = createIdentityService({
      db: h.handle.db,
      bus: h.ctx.bus,
      sessionTtlHours: 1,
      now: () => new Date(),
      sender: () => senderFor(h.ctx),
    });
    const ghost = { userId: 999_999, username: 'ghost', sessionId: 0, companyId: null } as AuthContext;
    await expect(
      service.updatePassword(ghost, { oldPassword: 'Old#Pass1', newPassword: 'New#Pass1' }, '203.0.113.9'),
    ).rejects.toMatchObject({
      code: 4025,
    });
  });

  it('lets only root flush the cache', async () => {
    const alice = (await login('alice', ALICE.password)).body.data.token;
    expect((await call({ url: '/api/flushcache', token: alice })).body.code).toBe(4053);
    const res = await call({ url: '/api/flushcache', token: await h.adminToken() });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sessions: expect.any(Number), codes: expect.any(Number), counters: expect.any(Number) });
  });
});
