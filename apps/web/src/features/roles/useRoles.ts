import { useQuery } from '@tanstack/react-query';
import { listRoles } from '../org/api.ts';

export const ROLES_KEY = ['org', 'roles'] as const;

/** Roles of the companies in scope, or of one company. */
export function useRoles(companyId?: number) {
  // Roles change on another screen (role management); a form that offers them reads them fresh when it opens.
  const q = useQuery({
    queryKey: [...ROLES_KEY, companyId ?? 'all'],
    queryFn: () => listRoles(companyId),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  return { ...q, list: q.data ?? [] };
}
