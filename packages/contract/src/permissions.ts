/** The write guard of SPEC.md §6: which calls pass without a permission URI. */

const FREE_PREFIXES = ['get', 'list', 'query', 'read', 'check', 'parse'];
export const LOGIN_URIS = ['/login', '/logout', '/code/send', '/code/resetpwd', '/changelang'];

/** Normalise `/api/device/list?x=1` → `/device/list`. */
export function normaliseUri(url: string): string {
  const path = url.split('?')[0] ?? '';
  const noApi = path.startsWith('/api/') ? path.slice(4) : path;
  return noApi.replace(/\/+$/, '') || '/';
}

/** True when the call passes freely: every GET, login URLs, get/list/… POST or PUT segments. */
export function isFreeCall(method: string, url: string): boolean {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return true;
  const uri = normaliseUri(url);
  if (LOGIN_URIS.includes(uri)) return true;
  if (m !== 'POST' && m !== 'PUT') return false;
  const last = (uri.split('/').pop() ?? '').toLowerCase();
  return FREE_PREFIXES.some((p) => last.startsWith(p)) || last.endsWith('list');
}

/**
 * May a membership holding `uris` make the write call `method url`?
 * A URI may be granted system-wide (`/device/add`) or for one community (`/device/add@12`).
 */
export function canWrite(
  method: string,
  url: string,
  grant: { isRoot: boolean; uris: readonly string[]; communityId?: number | null },
): boolean {
  if (grant.isRoot || isFreeCall(method, url)) return true;
  const uri = normaliseUri(url);
  if (grant.uris.includes(uri)) return true;
  return grant.communityId != null && grant.uris.includes(`${uri}@${grant.communityId}`);
}
