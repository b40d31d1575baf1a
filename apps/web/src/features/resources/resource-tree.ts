import type { TResource } from '@liftguard/contract/org/resource';

export type ResourceRow = TResource & { children?: ResourceRow[] };

/** The flat resource list as the three-level tree (layer 1 → 2 → 3), ordered by sort then id. */
export function resourceTree(list: readonly TResource[]): ResourceRow[] {
  const rows = new Map<number, ResourceRow>(list.map((r) => [r.id, { ...r }]));
  const roots: ResourceRow[] = [];
  const sorted = [...rows.values()].sort((a, b) => a.sort - b.sort || a.id - b.id);
  for (const r of sorted) {
    const parent = r.pid === null ? undefined : rows.get(r.pid);
    if (!parent) roots.push(r);
    else if (parent.children) parent.children.push(r);
    else parent.children = [r];
  }
  return roots;
}
