import { DEFAULT_LOCALE, ErrorCodes, errorText, isErrorCode, type Locale } from '@liftguard/contract/errors';
import { readToken } from './token.ts';

/** The one HTTP client of the web app (ARCHITECTURE.md §3, SPEC.md §7–§8). */

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;

/** What the app does about a failed call (SPEC.md §8 "Handling"). */
export type FailureAction =
  | { kind: 'relogin'; message: string }
  /** `ticket` (from the 413 answer's detail) lets the user replace the password without a code */
  | { kind: 'resetPassword'; message: string; ticket?: string }
  | { kind: 'clearMessages' }
  | { kind: 'dialog'; message: string }
  | { kind: 'toast'; level: 'error' | 'warning'; message: string }
  | { kind: 'networkError' };

/** Text for a code in the current language: the catalogue's, else the server's message. */
export function failureText(code: number, msg: string | undefined, locale: Locale): string {
  if (isErrorCode(code)) return errorText(code, locale);
  return msg?.trim() ? msg : errorText(-1, locale);
}

/** Decide what a failure answer `{code, msg}` means for the user. Pure, so it is unit-tested. */
export function decideFailure(
  code: number,
  msg: string | undefined,
  ctx: { locale: Locale; mobile: boolean },
  detail?: unknown,
): FailureAction {
  switch (code) {
    case ErrorCodes.NOT_LOGGED_IN:
    case ErrorCodes.ABNORMAL_LOGIN:
    case ErrorCodes.SESSION_ENDED:
      return { kind: 'relogin', message: failureText(code, msg, ctx.locale) };
    case ErrorCodes.PASSWORD_TOO_SIMPLE:
      return ctx.mobile
        ? { kind: 'toast', level: 'error', message: failureText(code, msg, ctx.locale) }
        : { kind: 'resetPassword', message: failureText(code, msg, ctx.locale), ...ticketOf(detail) };
    case -100:
      return { kind: 'clearMessages' };
    case ErrorCodes.NO_PERMISSION:
      return { kind: 'toast', level: 'warning', message: errorText(ErrorCodes.NO_PERMISSION, ctx.locale) };
  }
  if (code > 10000 && msg?.trim()) return { kind: 'dialog', message: msg };
  return { kind: 'toast', level: 'error', message: failureText(code, msg, ctx.locale) };
}

function ticketOf(detail: unknown): { ticket?: string } {
  const ticket = detail && typeof detail === 'object' ? (detail as { ticket?: unknown }).ticket : undefined;
  return typeof ticket === 'string' && ticket ? { ticket } : {};
}

/** A failed call. `handled` says the user has already been told (toast, dialog or redirect). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly handled: boolean,
    readonly detail?: unknown,
  ) {
    super(msg || `API error ${code}`);
    this.name = 'ApiError';
  }
}

/** Code used for a call that never got an answer (offline, DNS, timeout). */
export const NETWORK_FAILURE = -2;

type HttpBindings = {
  locale: () => Locale;
  mobile: boolean;
  /** carries out a FailureAction (toasts, dialogs, redirects); bound by the app shell */
  onFailure: (action: FailureAction) => void;
};

let bindings: HttpBindings = { locale: () => DEFAULT_LOCALE, mobile: false, onFailure: () => undefined };

export function bindHttp(next: HttpBindings): void {
  bindings = next;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** JSON body */
  body?: unknown;
  /** multipart body (uploads) */
  form?: FormData;
  /** the caller deals with failures itself: no toast, dialog or redirect */
  silent?: boolean;
  signal?: AbortSignal;
};

export function urlOf(path: string, query?: Query): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${s ? `?${s}` : ''}`;
}

function fail(code: number, msg: string, silent: boolean | undefined, detail?: unknown): never {
  const action: FailureAction =
    code === NETWORK_FAILURE
      ? { kind: 'networkError' }
      : decideFailure(code, msg, { locale: bindings.locale(), mobile: bindings.mobile }, detail);
  if (!silent) bindings.onFailure(action);
  throw new ApiError(code, msg, !silent, detail);
}

/** Call the API: answers `{data}` resolve to data, `{code, msg}` run the SPEC.md §8 handling and reject. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-lang': bindings.locale() };
  const token = readToken();
  if (token) headers.authorization = token;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(urlOf(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal });
  } catch (err) {
    // a caller's own abort (a query being cancelled) is not a network failure
    if (opts.signal?.aborted) throw err;
    return fail(NETWORK_FAILURE, String(err), opts.silent);
  }

  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    // a proxy's HTML error page or an empty body: the server was not reachable as an API
    return fail(res.status >= 502 ? NETWORK_FAILURE : -1, res.statusText, opts.silent);
  }
  return readEnvelope<T>(payload, opts.silent);
}

/** `{data}` without code → data; `{code, msg}` → failure (ARCHITECTURE.md §3). */
export function readEnvelope<T>(payload: unknown, silent?: boolean): T {
  if (payload && typeof payload === 'object') {
    const p = payload as { code?: unknown; msg?: unknown; data?: unknown; detail?: unknown };
    if (typeof p.code === 'number') return fail(p.code, typeof p.msg === 'string' ? p.msg : '', silent, p.detail);
    return (p.data ?? null) as T;
  }
  return fail(-1, '', silent);
}
