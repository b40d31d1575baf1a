import { useQuery } from '@tanstack/react-query';
import { listRoles } from '../org/api.ts';

export const ROLES_KEY = ['org', 'roles'] as const;

/** Roles of the companies in scope, or of one company. */
export function useRoles(companyId?: number) {
  const q = useQuery({ queryKey: [...ROLES_KEY, companyId ?? 'all'], queryFn: () => listRoles(companyId) });
  return { ...q, list: q.data ?? [] };
}
