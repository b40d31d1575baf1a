import { useQuery } from '@tanstack/react-query';
import { companyDetail } from './api.ts';
import type { Grants } from './company-tree.ts';

export const companyDetailKey = (id: number) => ['org', 'company', id] as const;

/** One node with its permission lists. */
export function useCompanyDetail(id: number | null | undefined) {
  return useQuery({
    queryKey: companyDetailKey(id ?? 0),
    queryFn: () => companyDetail(id ?? 0),
    enabled: typeof id === 'number' && id > 0,
  });
}

/** The lists of the company `source` (see grantSourceOf); null = everything; undefined while loading. */
export function useGrants(source: number | null | undefined): Grants | undefined {
  const q = useCompanyDetail(source);
  if (source === null) return null;
  if (!q.data) return undefined;
  return { keys: q.data.j_auth_list, uris: q.data.j_auth_uris, extra: q.data.j_extra_auth };
}
