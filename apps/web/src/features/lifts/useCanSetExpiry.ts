import { SET_EXPIRE_URI } from '@liftguard/contract/registry/lift';
import { useCurrentUser } from '../../app/session.ts';

/** Whether the user may set a lift's monitor expiry (the server checks the same, 4147). */
export function useCanSetExpiry(): boolean {
  const user = useCurrentUser();
  if (!user) return false;
  if (user.isROOT) return true;
  return user.auth_list.includes(SET_EXPIRE_URI) || user.departs.some((d) => d.j_auth_uris.includes(SET_EXPIRE_URI));
}
