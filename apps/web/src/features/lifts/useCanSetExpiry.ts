import { SET_EXPIRE_KEY } from '@liftguard/contract/registry/lift';
import { useCurrentUser } from '../../app/session.ts';

/** Whether the user may set a lift's monitor expiry (an extra advanced permission; the server checks the same, 4147). */
export function useCanSetExpiry(): boolean {
  const user = useCurrentUser();
  if (!user) return false;
  return user.isROOT || user.auth_list.includes(SET_EXPIRE_KEY);
}
