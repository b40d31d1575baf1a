import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('HTTP contract', () => {
  it('answers health with {data} and no code', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBeUndefined();
    expect(body.data.db).toBe(true);
  });

  it('answers an unknown API route with a catalogued code in the caller language', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/does/not/exist', headers: { 'accept-language': 'pt-PT' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 4040, msg: 'Rota da API inexistente' });
  });

  it('answers malformed JSON with 4052, never a 500', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json', 'x-lang': 'en-US' },
      payload: '{oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(4052);
  });

  it('answers an oversize body with 4051', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(4051);
  });

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/health');
  });
});

describe('outbox', () => {
  it('shows root the messages the default sender wrote, and nobody else', async () => {
    await h.app.inject({ method: 'POST', url: '/api/code/send', payload: { channel: 'email', target: 'nobody@example.com' } });
    const token = await h.adminToken();
    const res = await h.app.inject({ method: 'GET', url: '/api/dev/outbox/list?page=1&size=12', headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pageNumber: 1 });
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/dev/outbox/list' });
    expect(anonymous.json().code).toBe(401);
  });
});
