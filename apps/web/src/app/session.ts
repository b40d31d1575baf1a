import type { TUser } from '@liftguard/contract/identity/user';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { fetchUser } from '../api/identity.ts';
import { clearToken, readToken, saveToken } from '../api/token.ts';

export const USER_QUERY_KEY = ['session', 'user'] as const;

/** GET /api/getuser, checked against the contract's user schema. */
export async function loadUser(): Promise<TUser | null> {
  const data = await fetchUser(0);
  if (data === null) return null;
  // zod is loaded with the first user fetch, so the sign-in page does not carry it
  const { ZUser } = await import('@liftguard/contract/identity/user');
  const parsed = ZUser.safeParse(data);
  if (!parsed.success) {
    // keep working with an older or newer server, but say so where a developer will look
    console.warn('GET /api/getuser answered a user that does not match the contract', parsed.error.issues);
    return data;
  }
  return parsed.data;
}

/** The signed-in user (loaded by the navigation gate before any guarded page renders). */
export function useCurrentUser(): TUser | null {
  const q = useQuery({ queryKey: USER_QUERY_KEY, queryFn: loadUser, enabled: readToken() !== null, staleTime: Number.POSITIVE_INFINITY });
  return q.data ?? null;
}

export function startSession(qc: QueryClient, user: TUser): void {
  if (user.token) saveToken(user.token);
  qc.setQueryData(USER_QUERY_KEY, { ...user, token: undefined });
}

export function endSession(qc: QueryClient): void {
  clearToken();
  qc.clear();
}
