import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createCompany, createUser, rootCompanyId } from './alerts-fixtures.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let root: number;
beforeAll(async () => {
  h = await startHarness();
  root = await rootCompanyId(h.ctx.db);
});
afterAll(async () => h?.close());

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  h.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const company = (id: number) =>
  h.ctx.db.selectFrom('company').select(['sms_signature', 'sms_signature_enabled']).where('id', '=', id).executeTakeFirstOrThrow();

describe('SMS signature approval through the task centre', () => {
  it('sends the request to the parent company, which approves it; only then is it the approved signature', async () => {
    const parent = await createCompany(h.ctx.db, { name: 'Parent Co', pid: root });
    const child = await createCompany(h.ctx.db, { name: 'Child Co', pid: parent });
    const other = await createCompany(h.ctx.db, { name: 'Other Co', pid: root });
    const asker = await createUser(h.ctx.db, child, { realname: 'Zhang San' });
    const reviewer = await createUser(h.ctx.db, parent);
    const outsider = await createUser(h.ctx.db, other);

    const req = await call('PUT', '/api/sms/signature', asker.token, { sms_signature: '阳光物业' });
    expect(req.json().data).toMatchObject({ sms_signature: '阳光物业', sms_signature_enabled: 0, signature_state: 'review' });
    expect((await call('GET', '/api/sms/usage', asker.token)).json().data.signature_state).toBe('review');

    const list = (await call('GET', '/api/task/getlist', reviewer.token)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      topic: 'SIGNATURE_APPROVE',
      content: { id: child, tip: '阳光物业' },
      j_sender: { realname: 'Zhang San', company_name: 'Child Co' },
    });
    expect(typeof list[0].insert_time).toBe('string');
    // the asker and an unrelated company see nothing, and cannot decide it
    expect((await call('GET', '/api/task/getlist', asker.token)).json().data).toEqual([]);
    expect((await call('GET', '/api/task/getlist', outsider.token)).json().data).toEqual([]);
    const denied = await call('PUT', '/api/depart/approvesignature', outsider.token, {
      id: child,
      sms_signature_enabled: 1,
      sms_signature: '阳光物业',
    });
    expect(denied.json().code).toBe(4182);
    expect((await call('PUT', '/api/task/resolve', outsider.token, { id: list[0].id, resolved: 1 })).json().code).toBe(4064);

    const ok = await call('PUT', '/api/depart/approvesignature', reviewer.token, {
      id: child,
      sms_signature_enabled: 1,
      sms_signature: '阳光物业',
    });
    expect(ok.json().data).toEqual({ id: child, sms_signature: '阳光物业', sms_signature_enabled: 1 });
    expect(await company(child)).toEqual({ sms_signature: '阳光物业', sms_signature_enabled: 1 });
    expect((await call('GET', '/api/task/getlist', reviewer.token)).json().data).toEqual([]);
    expect((await call('PUT', '/api/task/resolve', reviewer.token, { id: list[0].id, resolved: -1 })).json().code).toBe(4181);
    const audit = await h.ctx.db.selectFrom('audit_log').select('action').where('target', '=', `company:${child}`).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['sms.signature.request', 'sms.signature.approve']));
  });

  it('lets a rejected signature be edited and sent again, and a refusal through task/resolve rejects it', async () => {
    const parent = await createCompany(h.ctx.db, { name: 'P2', pid: root });
    const child = await createCompany(h.ctx.db, { name: 'C2', pid: parent });
    const asker = await createUser(h.ctx.db, child);
    const reviewer = await createUser(h.ctx.db, parent);
    await call('PUT', '/api/sms/signature', asker.token, { sms_signature: 'Bad Name' });
    const [task] = (await call('GET', '/api/task/getlist', reviewer.token)).json().data;
    expect((await call('PUT', '/api/task/resolve', reviewer.token, { id: task.id, resolved: -1 })).json()).toEqual({ data: true });
    expect(await company(child)).toEqual({ sms_signature: 'Bad Name', sms_signature_enabled: -1 });
    expect((await call('GET', '/api/sms/usage', asker.token)).json().data.signature_state).toBe('rejected');

    await call('PUT', '/api/sms/signature', asker.token, { sms_signature: 'Good Name' });
    expect(await company(child)).toEqual({ sms_signature: 'Good Name', sms_signature_enabled: 0 });
    const again = (await call('GET', '/api/task/getlist', reviewer.token)).json().data;
    expect(again.map((t: { content: { tip: string } }) => t.content.tip)).toEqual(['Good Name']);
    // a second request while in review replaces the open task instead of adding one
    await call('PUT', '/api/sms/signature', asker.token, { sms_signature: 'Better Name' });
    const replaced = (await call('GET', '/api/task/getlist', reviewer.token)).json().data;
    expect(replaced.map((t: { content: { tip: string } }) => t.content.tip)).toEqual(['Better Name']);
  });

  it('sends a top-level company request to the platform company, and refuses bad signatures with 4184', async () => {
    const top = await createCompany(h.ctx.db, { name: 'Top', pid: root });
    const asker = await createUser(h.ctx.db, top);
    expect((await call('PUT', '/api/sms/signature', asker.token, { sms_signature: 'x' })).json().code).toBe(4184);
    expect((await call('PUT', '/api/sms/signature', asker.token, { sms_signature: '【Brand】' })).json().code).toBe(4184);
    await call('PUT', '/api/sms/signature', asker.token, { sms_signature: 'Top Brand' });
    const admin = await h.adminToken().catch(() => null);
    const platformUser = admin ?? (await createUser(h.ctx.db, root)).token;
    const tasks = (await call('GET', '/api/task/getlist', platformUser)).json().data;
    expect(tasks.map((t: { content: { id: number } }) => t.content.id)).toContain(top);
  });

  it('answers 4088 when the caller has no current company', async () => {
    const lonely = await createUser(h.ctx.db, null);
    const res = await call('GET', '/api/task/getlist', lonely.token);
    expect(res.json().code).toBe(4088);
  });

  it('needs the write permission to decide a task', async () => {
    const parent = await createCompany(h.ctx.db, { name: 'P3', pid: root });
    const child = await createCompany(h.ctx.db, { name: 'C3', pid: parent });
    const asker = await createUser(h.ctx.db, child);
    const viewer = await createUser(h.ctx.db, parent, { uris: [] });
    await call('PUT', '/api/sms/signature', asker.token, { sms_signature: 'View Only' });
    const [task] = (await call('GET', '/api/task/getlist', viewer.token)).json().data;
    expect((await call('PUT', '/api/task/resolve', viewer.token, { id: task.id, resolved: 1 })).json().code).toBe(4053);
    expect((await company(child)).sms_signature_enabled).toBe(0);
  });
});
