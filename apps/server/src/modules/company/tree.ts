/**
 * Pure rules of the company tree. Paths hold the ids of a node and its ancestors; department
 * segments carry a 'd' prefix: '/1/4/d9/' is department 9 of company 4 under company 1.
 */

export type NodeType = 'company' | 'department';

export function childPath(parentPath: string, id: number, nodeType: NodeType): string {
  return `${parentPath}${nodeType === 'department' ? 'd' : ''}${id}/`;
}

/** The path of the company that owns a node (the node itself for a company). */
export function ownerCompanyPath(path: string): string {
  const parts = path.split('/').filter(Boolean);
  while (parts.length > 0 && parts.at(-1)?.startsWith('d')) parts.pop();
  return parts.length ? `/${parts.join('/')}/` : '/';
}

export function idOfPath(path: string): number {
  return Number((path.split('/').filter(Boolean).at(-1) ?? '').replace(/^d/, ''));
}

/** Ids of the node's ancestors and itself, root first (SPEC.md §3 j_company_chain). */
export function chainOf(path: string): number[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s) => Number(s.replace(/^d/, '')));
}

export const isInside = (path: string, scopePath: string): boolean => path.startsWith(scopePath);
export const isStrictlyInside = (path: string, scopePath: string): boolean => path !== scopePath && path.startsWith(scopePath);

/** A grant holds everything (the platform company) or a list. */
export type Grant = 'all' | readonly string[];

/** `/device/add@12` is the community-bound form of `/device/add`. */
export const baseUri = (uri: string): string => uri.replace(/@\d+$/, '');

/** The entries of `requested` the grant does not cover (empty when all are covered). */
export function exceeding(requested: readonly string[], grant: Grant, uris = false): string[] {
  if (grant === 'all') return [];
  const have = new Set(grant);
  return requested.filter((k) => !have.has(k) && !(uris && have.has(baseUri(k))));
}

/** Keep only what the grant covers (used to trim a subtree when a parent loses permissions). */
export function trimTo(list: readonly string[], grant: Grant, uris = false): string[] {
  if (grant === 'all') return [...list];
  return list.filter((k) => exceeding([k], grant, uris).length === 0);
}

export const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));
