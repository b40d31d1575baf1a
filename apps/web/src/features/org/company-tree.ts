import type { TCompanyTreeNode as TCompanyNode } from '@liftguard/contract/org/company';

export type CompanyTreeNode = { node: TCompanyNode; children: CompanyTreeNode[] };

/** The flat scope list (`/company/tree`) as a forest: roots are nodes whose parent is out of scope. */
export function buildForest(list: readonly TCompanyNode[]): CompanyTreeNode[] {
  const byId = new Map(list.map((n) => [n.id, { node: n, children: [] as CompanyTreeNode[] }]));
  const roots: CompanyTreeNode[] = [];
  for (const n of list) {
    const me = byId.get(n.id);
    const parent = n.pid === null ? undefined : byId.get(n.pid);
    if (!me) continue;
    if (parent) parent.children.push(me);
    else roots.push(me);
  }
  return roots;
}

/** The company a node's permissions come from: itself, or for a department its nearest company ancestor. */
export function owningCompany(list: readonly TCompanyNode[], id: number): TCompanyNode | undefined {
  const byId = new Map(list.map((n) => [n.id, n]));
  let cur = byId.get(id);
  while (cur && cur.node_type === 'department') cur = cur.pid === null ? undefined : byId.get(cur.pid);
  return cur;
}

/** Ids of a node and everything under it (a node cannot move below itself). */
export function subtreeIds(list: readonly TCompanyNode[], id: number): Set<number> {
  const me = list.find((n) => n.id === id);
  if (!me) return new Set();
  return new Set(list.filter((n) => n.path.startsWith(me.path)).map((n) => n.id));
}

/** What a node may hand out, as the server's grantsOf: its owning company's lists; null = everything (platform). */
export type Grants = { keys: string[]; uris: string[]; extra: string[] } | null;

/**
 * Whose lists limit what node `id` may hand out (the server's grantsOf): the id of its owning
 * company, or null when that is the platform company (everything).
 */
export function grantSourceOf(list: readonly TCompanyNode[], id: number): number | null {
  const owner = owningCompany(list, id);
  if (!owner) return id;
  return owner.pid === null ? null : owner.id;
}

/**
 * Whose lists limit what a company node may be given: what its parent may hand out. When the
 * parent is outside the caller's scope (the caller's own top company), the node's own lists.
 */
export function grantSourceForChild(list: readonly TCompanyNode[], node: TCompanyNode): number | null {
  if (node.pid === null) return null;
  if (!list.some((n) => n.id === node.pid)) return node.id;
  return grantSourceOf(list, node.pid);
}
