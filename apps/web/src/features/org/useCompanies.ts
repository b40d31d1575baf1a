import { useQuery } from '@tanstack/react-query';
import { companyTree } from './api.ts';

export const COMPANY_TREE_KEY = ['org', 'company-tree'] as const;

/** Companies and departments of the current scope (shared by every organisation screen). */
export function useCompanies() {
  const q = useQuery({ queryKey: COMPANY_TREE_KEY, queryFn: companyTree });
  return { ...q, list: q.data ?? [] };
}
