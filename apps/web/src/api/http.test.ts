import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, bindHttp, decideFailure, type FailureAction, request, urlOf } from './http.ts';

const desktop = { locale: 'en-US' as const, mobile: false };

describe('decideFailure (SPEC.md §8 handling)', () => {
  it('sends 401, 402 and 403 to login with the message in the current language', () => {
    expect(decideFailure(401, 'x', desktop)).toEqual({ kind: 'relogin', message: 'Not logged in' });
    expect(decideFailure(402, 'x', desktop)).toEqual({ kind: 'relogin', message: 'Abnormal login, please log in again' });
    expect(decideFailure(403, '', { locale: 'zh-CN', mobile: false })).toEqual({
      kind: 'relogin',
      message: '登录已过期或已在别处登录，请重新登录',
    });
  });

  it('sends a desktop user to the reset page on 413, a phone gets a toast', () => {
    expect(decideFailure(413, '', desktop)).toEqual({ kind: 'resetPassword', message: 'Password too simple, please reset it' });
    expect(decideFailure(413, '', desktop, { ticket: 'tk1', ticket_end_time: 'x' })).toMatchObject({
      kind: 'resetPassword',
      ticket: 'tk1',
    });
    expect(decideFailure(413, '', { ...desktop, mobile: true })).toEqual({
      kind: 'toast',
      level: 'error',
      message: 'Password too simple, please reset it',
    });
  });

  it('clears messages on -100', () => {
    expect(decideFailure(-100, 'whatever', desktop)).toEqual({ kind: 'clearMessages' });
  });

  it('shows the server message in a dialog for codes above 10000 that carry one', () => {
    expect(decideFailure(10001, 'Signature rejected by the provider', desktop)).toEqual({
      kind: 'dialog',
      message: 'Signature rejected by the provider',
    });
    expect(decideFailure(10001, '', desktop).kind).toBe('toast');
  });

  it('toasts the catalogue text of the current language, not the server text', () => {
    expect(decideFailure(4012, 'Nome de utilizador ou palavra-passe incorretos', desktop)).toEqual({
      kind: 'toast',
      level: 'error',
      message: 'Wrong username or password',
    });
    expect(decideFailure(4012, '', { locale: 'pt-PT', mobile: false })).toMatchObject({
      message: 'Nome de utilizador ou palavra-passe incorretos',
    });
  });

  it('falls back to the server message for an uncatalogued code, then to "unknown error"', () => {
    expect(decideFailure(9999, 'Odd thing', desktop)).toMatchObject({ kind: 'toast', message: 'Odd thing' });
    expect(decideFailure(9999, '', desktop)).toMatchObject({ kind: 'toast', message: 'Unknown error' });
  });

  it('shows the missing-permission warning for a blocked write', () => {
    expect(decideFailure(4053, 'x', desktop)).toEqual({
      kind: 'toast',
      level: 'warning',
      message: 'No access permission, contact the company administrator',
    });
  });
});

describe('request', () => {
  const seen: FailureAction[] = [];
  bindHttp({ locale: () => 'en-US', mobile: false, onFailure: (a) => seen.push(a) });
  afterEach(() => {
    seen.length = 0;
    vi.unstubAllGlobals();
  });

  const answer = (status: number, body: unknown) =>
    vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

  it('builds /api URLs and leaves out empty query values', () => {
    expect(urlOf('/getuser', { refresh: 1, x: undefined, y: null })).toBe('/api/getuser?refresh=1');
    expect(urlOf('changelang', { language: 'pt-PT' })).toBe('/api/changelang?language=pt-PT');
  });

  it('unwraps {data} and sends token, language and a JSON body', async () => {
    const store = new Map([['lg.token', 'tok123']]);
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null });
    const fetchMock = answer(200, { data: { ok: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('/user/setcompany', { method: 'PUT', body: { id: 3 } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/setcompany');
    expect(init.headers).toMatchObject({ authorization: 'tok123', 'x-lang': 'en-US', 'content-type': 'application/json' });
    expect(init.body).toBe('{"id":3}');
  });

  it('rejects a {code,msg} answer and runs the handling once', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 403, msg: 'elsewhere' }));
    await expect(request('/getuser')).rejects.toMatchObject({ code: 403, handled: true });
    expect(seen).toEqual([{ kind: 'relogin', message: 'Login expired or logged in elsewhere, please log in again' }]);
  });

  it('stays quiet for silent calls', async () => {
    vi.stubGlobal('fetch', answer(404, { code: 4040, msg: 'No such API route' }));
    await expect(request('/indextree', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([]);
  });

  it('goes to the network-error page when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('/getuser')).rejects.toMatchObject({ code: -2 });
    expect(seen).toEqual([{ kind: 'networkError' }]);
  });
});
