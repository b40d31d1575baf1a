import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, useClock } from '../src/platform/clock.ts';
import { type Harness, startHarness } from './harness.ts';
import { seedOrg, seedUser } from './identity-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely here and checked by the assertions
type Reply = { data?: any; code?: number; msg?: string; detail?: any };
let h: Harness;
const clock = manualClock();
const MIN = 60_000;
let seq = 0;

beforeAll(async () => {
  h = await startHarness();
  useClock(h.ctx, clock);
});
afterAll(async () => h?.close());
beforeEach(() => {
  clock.advance(24 * 60 * MIN); // every test starts on a fresh day: no counters carried over
});

async function post(url: string, body: unknown, ip = '198.51.100.7') {
  const res = await h.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as Reply };
}
const login = (username: string, password: string, ip?: string) => post('/api/login', { username, password, client: 'web' }, ip);
const send = (channel: 'sms' | 'email', target: string, ip?: string) => post('/api/code/send', { channel, target }, ip);
const reset = (channel: 'sms' | 'email', target: string, code: string | undefined, newPassword: string, ip?: string) =>
  post('/api/code/resetpwd', { channel, target, ...(code !== undefined ? { code } : {}), newPassword }, ip);

/** A fresh account with its own phone and email, so tests do not share counters. */
async function freshUser() {
  seq += 1;
  const org = await seedOrg(h);
  const u = {
    username: `user${seq}`,
    password: 'First#Pass1',
    mobile: `1390000${String(seq).padStart(4, '0')}`,
    email: `user${seq}@example.com`,
  };
  await seedUser(h, { ...u, nodes: [org.companyA], roleId: org.roleA });
  return u;
}

/** The code in the newest outbox message to `target`. */
async function codeSentTo(target: string): Promise<string> {
  const row = await h.handle.db
    .selectFrom('outbox')
    .select(['body', 'kind'])
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(row.kind).toBe('verification_code');
  return /\b(\d{6})\b/.exec(row.body)?.[1] as string;
}

describe('password reset by code', () => {
  it('sends a code by SMS to the outbox (hashed at rest) and resets the password with it, once', async () => {
    const u = await freshUser();
    const sessionToken = (await login(u.username, u.password)).body.data.token;
    const sent = await send('sms', u.mobile);
    expect(sent.body).toEqual({ data: { sent: true, resend_after_s: 60, expires_in_s: 600 } });
    const code = await codeSentTo(u.mobile);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await h.handle.db.selectFrom('verification_code').select('code_hash').where('target', '=', u.mobile).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(code);

    expect((await reset('sms', u.mobile, code, 'weak')).body.code).toBe(4013);
    expect((await reset('sms', u.mobile, code, 'Second#Pass2')).body).toEqual({ data: true });
    expect((await reset('sms', u.mobile, code, 'Third#Pass3')).body.code).toBe(4086); // single use
    expect((await login(u.username, u.password)).body.code).toBe(4012);
    expect((await login(u.username, 'Second#Pass2')).status).toBe(200);
    // the reset ends the sessions opened with the old password
    const old = await h.app.inject({ method: 'GET', url: '/api/getuser', headers: { authorization: sessionToken } });
    expect(old.json().code).toBe(403);
    const audit = await h.handle.db.selectFrom('audit_log').select('result').where('action', '=', 'password.reset').execute();
    expect(audit.map((a) => a.result)).toContain('ok');
  });

  it('sends by email too and accepts the address in any case', async () => {
    const u = await freshUser();
    expect((await send('email', u.email.toUpperCase())).status).toBe(200);
    const code = await codeSentTo(u.email);
    expect((await reset('email', u.email, code, 'Mail#Pass2')).body).toEqual({ data: true });
  });

  it('checks formats (4098, 4099) and a missing code (4103)', async () => {
    expect((await send('sms', '12345')).body.code).toBe(4098);
    expect((await send('sms', '12800000000')).body.code).toBe(4098);
    expect((await send('email', 'not-an-email')).body.code).toBe(4099);
    expect((await reset('sms', '13900009999', undefined, 'Fine#Pass1')).body.code).toBe(4103);
    expect((await reset('sms', '13900009999', '', 'Fine#Pass1')).body.code).toBe(4103);
    expect((await reset('email', 'bad@', '123456', 'Fine#Pass1')).body.code).toBe(4099);
  });

  it('keeps 60 s between sends to one target (4082 SMS, 4100 email)', async () => {
    const u = await freshUser();
    expect((await send('sms', u.mobile)).status).toBe(200);
    clock.advance(59_000);
    const again = await send('sms', u.mobile);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(4082);
    clock.advance(1_000);
    expect((await send('sms', u.mobile)).status).toBe(200);
    expect((await send('email', u.email)).status).toBe(200);
    expect((await send('email', u.email)).body.code).toBe(4100);
  });

  it('caps sends per target at 10 a day (4081), then allows them again', async () => {
    const u = await freshUser();
    for (let i = 0; i < 10; i++) {
      expect((await send('sms', u.mobile, `198.51.100.${100 + i}`)).status).toBe(200);
      clock.advance(61_000);
    }
    expect((await send('sms', u.mobile)).body.code).toBe(4081);
    clock.advance(24 * 60 * MIN);
    expect((await send('sms', u.mobile)).status).toBe(200);
  });

  it('lets only the latest code count, for 10 minutes (4087 after)', async () => {
    const u = await freshUser();
    await send('sms', u.mobile);
    const first = await codeSentTo(u.mobile);
    clock.advance(61_000);
    await send('sms', u.mobile);
    const second = await codeSentTo(u.mobile);
    if (first !== second) expect((await reset('sms', u.mobile, first, 'Late#Pass2')).body.code).toBe(4086);
    clock.advance(10 * MIN);
    expect((await reset('sms', u.mobile, second, 'Late#Pass2')).body.code).toBe(4087);
    expect((await reset('sms', u.mobile, second, 'Late#Pass2')).body.code).toBe(4086); // an expired code is gone
    expect((await login(u.username, u.password)).status).toBe(200);
  });

  it('answers the same for an unknown target and records nothing usable', async () => {
    const target = '13712345678';
    const before = await h.handle.db.selectFrom('outbox').select('id').execute();
    expect((await send('sms', target)).body).toEqual({ data: { sent: true, resend_after_s: 60, expires_in_s: 600 } });
    expect((await send('sms', target)).body.code).toBe(4082); // the same limits as for a real account
    expect(await h.handle.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
    expect(await h.handle.db.selectFrom('verification_code').select('id').where('target', '=', target).execute()).toHaveLength(0);
    expect((await reset('sms', target, '123456', 'Any#Pass12')).body.code).toBe(4086);
  });

  it('blocks a target after 5 wrong codes (4097) and burns the code; recovers later', async () => {
    const u = await freshUser();
    await send('sms', u.mobile);
    const code = await codeSentTo(u.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset('sms', u.mobile, wrong, 'Next#Pass2', `192.0.2.${i + 1}`)).body.code).toBe(4086);
    const blocked = await reset('sms', u.mobile, code, 'Next#Pass2', '192.0.2.50');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(4097);
    // the code was burnt by the fifth wrong try
    const row = await h.handle.db
      .selectFrom('verification_code')
      .select('used_at')
      .where('target', '=', u.mobile)
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    clock.advance(4 * MIN);
    expect((await reset('sms', u.mobile, code, 'Next#Pass2')).body.code).toBe(4097);
    clock.advance(MIN + 1_000);
    await send('sms', u.mobile);
    expect((await reset('sms', u.mobile, await codeSentTo(u.mobile), 'Next#Pass2')).body).toEqual({ data: true });
  });
});

describe('brute-force protection at sign-in', () => {
  it('blocks an account for a minute after 5 failures, even for the right password, then lets it in', async () => {
    const u = await freshUser();
    for (let i = 0; i < 5; i++) expect((await login(u.username, 'Wrong#Pass9', `192.0.2.${10 + i}`)).body.code).toBe(4012);
    const blocked = await login(u.username, u.password, '192.0.2.99');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(4097);
    expect(blocked.body.detail.retry_after_s).toBeLessThanOrEqual(60);
    // the phone number reaches the same account, so it is blocked too
    expect((await login(u.mobile, u.password)).body.code).toBe(4097);
    clock.advance(61_000);
    expect((await login(u.username, u.password)).status).toBe(200);
    // the success cleared the count: one more failure is just a failure
    expect((await login(u.username, 'Wrong#Pass9')).body.code).toBe(4012);
  });

  it('grows the block with each further failure and caps it at 15 minutes', async () => {
    const u = await freshUser();
    for (let i = 0; i < 5; i++) await login(u.username, 'Wrong#Pass9');
    clock.advance(61_000);
    expect((await login(u.username, 'Wrong#Pass9')).body.code).toBe(4012); // 6th failure: 2 minutes
    clock.advance(61_000);
    expect((await login(u.username, u.password)).body.code).toBe(4097);
    clock.advance(60_000);
    for (const minutes of [4, 8, 15, 15]) {
      expect((await login(u.username, 'Wrong#Pass9')).body.code).toBe(4012);
      const b = await login(u.username, u.password);
      expect(b.body.code).toBe(4097);
      expect(b.body.detail.retry_after_s).toBe(minutes * 60);
      clock.advance(minutes * MIN);
    }
    expect((await login(u.username, u.password)).status).toBe(200);
  });

  it('treats unknown accounts the same way', async () => {
    for (let i = 0; i < 5; i++) expect((await login('ghost', 'Wrong#Pass9')).body.code).toBe(4012);
    expect((await login('ghost', 'Wrong#Pass9')).body.code).toBe(4097);
  });

  it('blocks an address after 30 failures over many accounts; other addresses still sign in', async () => {
    const u = await freshUser();
    const ip = '203.0.113.66';
    for (let i = 0; i < 30; i++) expect((await login(`spray${i}`, 'Wrong#Pass9', ip)).body.code).toBe(4012);
    expect((await login(u.username, u.password, ip)).body.code).toBe(4097);
    expect((await login(u.username, u.password, '203.0.113.67')).status).toBe(200);
    clock.advance(16 * MIN);
    expect((await login(u.username, u.password, ip)).status).toBe(200);
  });
});
