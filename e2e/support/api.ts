import type { APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config.ts';

/** Seed and inspect data through the real API, as the issue asks (no database shortcuts). */
export async function apiLogin(request: APIRequestContext, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password, client: 'app' } });
  const body = await res.json();
  if (!body.data?.token) throw new Error(`API login failed for ${username}: ${JSON.stringify(body)}`);
  return body.data.token as string;
}

export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<{ status: number; body: { data?: T; code?: number; msg?: string } }> {
  const res = await request.fetch(url, { method, headers: { authorization: token }, ...(data === undefined ? {} : { data }) });
  return { status: res.status(), body: await res.json() };
}
