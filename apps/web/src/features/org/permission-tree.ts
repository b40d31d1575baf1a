import type { TResource } from '@liftguard/contract/org/resource';
import { ROUTES } from '@liftguard/contract/routes';

/** A node of a checkable permission tree: `key` is the permission key or URI; group nodes start with GROUP. */
export type PermNode = { key: string; label: string; hint?: string; children?: PermNode[] };

export const GROUP = 'group:';

/** Route names a company may be given (the web menu's keys; login-free pages need none). */
const grantable = (r: (typeof ROUTES)[number]) => !r.public && !r.free && !r.key;

/**
 * The route-key tree (menu groups → pages) from the contract's route table. With `allowed`
 * (the parent company's keys), only keys the parent holds are offered: a child never gets more.
 */
export function routeKeyTree(allowed?: readonly string[] | null): PermNode[] {
  const ok = (name: string) => !allowed || allowed.includes(name);
  return ROUTES.filter((r) => !r.parent && grantable(r) && ok(r.name)).map((top) => {
    const children = ROUTES.filter((c) => c.parent === top.name && grantable(c) && ok(c.name)).map((c) => ({
      key: c.name,
      label: c.label,
    }));
    return children.length ? { key: top.name, label: top.label, children } : { key: top.name, label: top.label };
  });
}

/**
 * The write-URI tree. From the resource tree when the caller can read it (layer-2 route → its
 * URIs), else grouped by the URI's first segment. `allowed` limits it to what the parent holds.
 */
export function uriTree(resources: readonly TResource[] | null, allowed?: readonly string[] | null): PermNode[] {
  const ok = (uri: string) => !allowed || allowed.includes(uri);
  if (resources) {
    const byId = new Map(resources.map((r) => [r.id, r]));
    const groups = new Map<string, PermNode>();
    for (const r of resources) {
      if (r.kind !== 'uri' || !ok(r.name)) continue;
      const parent = r.pid === null ? undefined : byId.get(r.pid);
      const gKey = `${GROUP}${parent?.name ?? 'other'}`;
      const g = groups.get(gKey) ?? { key: gKey, label: parent?.label ?? 'org.perm.other', children: [] };
      g.children?.push({ key: r.name, label: r.name, hint: r.label });
      groups.set(gKey, g);
    }
    // URIs the parent holds that the resource tree does not list (renamed or removed) stay visible
    const listed = new Set(resources.map((r) => r.name));
    const stray = (allowed ?? []).filter((u) => !listed.has(u));
    if (stray.length)
      groups.set(`${GROUP}stray`, { key: `${GROUP}stray`, label: 'org.perm.other', children: stray.map((u) => ({ key: u, label: u })) });
    return [...groups.values()];
  }
  const bySegment = new Map<string, PermNode>();
  for (const uri of allowed ?? []) {
    const seg = uri.split('/').filter(Boolean)[0] ?? '';
    const gKey = `${GROUP}${seg}`;
    const g = bySegment.get(gKey) ?? { key: gKey, label: `/${seg}`, children: [] };
    g.children?.push({ key: uri, label: uri });
    bySegment.set(gKey, g);
  }
  return [...bySegment.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** A flat key list as a tree. */
export const flatTree = (keys: readonly string[], labelOf: (k: string) => string): PermNode[] =>
  keys.map((k) => ({ key: k, label: labelOf(k) }));

function walk(nodes: readonly PermNode[], fn: (n: PermNode) => void): void {
  for (const n of nodes) {
    fn(n);
    if (n.children) walk(n.children, fn);
  }
}

/** Every real key of a tree (group nodes left out). */
export function keysOf(nodes: readonly PermNode[]): string[] {
  const out: string[] = [];
  walk(nodes, (n) => {
    if (!n.key.startsWith(GROUP)) out.push(n.key);
  });
  return out;
}

/**
 * What a (non-strict) checkable tree should show as checked for saved `selected` keys: only leaves,
 * so that a parent with some children unchecked shows half-checked rather than pulling all of them in.
 */
export function checkedForTree(nodes: readonly PermNode[], selected: readonly string[]): string[] {
  const want = new Set(selected);
  const out: string[] = [];
  walk(nodes, (n) => {
    if (!n.children?.length && want.has(n.key)) out.push(n.key);
  });
  return out;
}

/**
 * The keys to save after a check: checked and half-checked nodes (a menu group is held when any of
 * its pages is), group nodes dropped, limited to keys the tree offers.
 */
export function selectionFromTree(nodes: readonly PermNode[], checked: readonly string[], halfChecked: readonly string[]): string[] {
  const offered = new Set(keysOf(nodes));
  return [...new Set([...checked, ...halfChecked])].filter((k) => offered.has(k));
}

/** A child's keys trimmed to what its parent holds (used when saving a node whose parent lost keys). */
export const limitTo = (keys: readonly string[], allowed: readonly string[] | null | undefined): string[] =>
  allowed ? keys.filter((k) => allowed.includes(k)) : [...keys];
