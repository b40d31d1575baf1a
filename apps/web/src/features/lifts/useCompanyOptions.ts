import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CompanyNode, companyTree } from './api.ts';

export type CompanyOption = { value: number; label: string; title: string };

/** Companies and departments of the caller's scope as flat options, indented by depth. */
export function companyOptions(list: readonly CompanyNode[]): CompanyOption[] {
  const children = new Map<number | null, CompanyNode[]>();
  const ids = new Set(list.map((n) => n.id));
  for (const n of list) {
    const parent = n.pid !== null && ids.has(n.pid) ? n.pid : null;
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const out: CompanyOption[] = [];
  const walk = (pid: number | null, depth: number) => {
    for (const n of children.get(pid) ?? []) {
      out.push({ value: n.id, label: `${'\u3000'.repeat(depth)}${n.name}`, title: n.name });
      walk(n.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function useCompanyOptions(): CompanyOption[] {
  const q = useQuery({ queryKey: ['company', 'tree'], queryFn: companyTree, staleTime: 60_000 });
  return useMemo(() => companyOptions(q.data?.list ?? []), [q.data]);
}
