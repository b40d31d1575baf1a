import type { TCompanyNode } from '@liftguard/contract/org/company';

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

export function grantsOfNode(list: readonly TCompanyNode[], id: number): Grants {
  const owner = owningCompany(list, id);
  if (!owner || owner.pid === null) return owner ? null : { keys: [], uris: [], extra: [] };
  return { keys: owner.j_auth_list, uris: owner.j_auth_uris, extra: owner.j_extra_auth };
}

/**
 * What a company node may be given: what its parent may hand out. When the parent is outside the
 * caller's scope (the caller's own top company), the node's current lists are the limit.
 */
export function grantsForChild(list: readonly TCompanyNode[], node: TCompanyNode): Grants {
  if (node.pid === null) return null;
  if (!list.some((n) => n.id === node.pid)) return { keys: node.j_auth_list, uris: node.j_auth_uris, extra: node.j_extra_auth };
  return grantsOfNode(list, node.pid);
}
