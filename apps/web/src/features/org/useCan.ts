import { useCurrentUser } from '../../app/session.ts';

/**
 * May the signed-in user make the write `uri` (e.g. '/company/add') in the current company?
 * Mirrors the server's guard (SPEC.md §6): root passes; otherwise the current membership's role
 * must hold the URI system-wide or for some community (`/x/add@12`). The server still decides.
 */
export function useCan(): (uri: string) => boolean {
  const user = useCurrentUser();
  if (!user) return () => false;
  if (user.isROOT) return () => true;
  const current = user.departs.find((d) => d.company_id === user.current_company);
  const uris = current?.j_auth_uris ?? [];
  return (uri) => uris.some((u) => u === uri || u.startsWith(`${uri}@`));
}
