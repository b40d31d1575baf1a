import type { Locale } from '@liftguard/contract/errors';
import type { TUser } from '@liftguard/contract/identity/user';
import { request } from './http.ts';

/** Identity calls of SPEC.md §7; shapes from packages/contract/src/identity/user.ts. */

export type CodeChannel = 'sms' | 'email';

export const login = (body: { username: string; password: string; client: 'web' | 'mobile' }) =>
  request<TUser>('/login', { method: 'POST', body });

export const logout = () => request<unknown>('/logout', { method: 'POST', body: {} });

/** The stored user, or null when the server says the session is gone (an empty answer). */
export const fetchUser = (refresh: 0 | 1 = 0) => request<TUser | null>('/getuser', { query: { refresh } });

export const setCompany = (id: number) => request<unknown>('/user/setcompany', { method: 'PUT', body: { id } });

export const changeLanguage = (language: Locale) => request<unknown>('/changelang', { query: { language }, silent: true });

export const updatePassword = (body: { oldPassword: string; newPassword: string }) =>
  request<unknown>('/user/updatepwd', { method: 'POST', body });

export const flushCache = () => request<unknown>('/flushcache');

export const sendCode = (body: { channel: CodeChannel; target: string }) => request<unknown>('/code/send', { method: 'POST', body });

export const resetPassword = (body: { channel: CodeChannel; target: string; code: string; newPassword: string }) =>
  request<unknown>('/code/resetpwd', { method: 'POST', body });

/** Replace a too-simple password with the ticket of a 413 sign-in answer. */
export const renewPassword = (body: { ticket: string; newPassword: string }) =>
  request<unknown>('/user/renewpwd', { method: 'POST', body });

export function uploadLogo(file: File, token: string, cid: number) {
  const form = new FormData();
  form.set('token', token);
  form.set('cid', String(cid));
  form.set('file', file);
  return request<{ logo: string }>('/portal/upload_logo', { method: 'POST', form });
}
