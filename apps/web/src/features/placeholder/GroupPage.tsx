import { Navigate } from 'react-router';
import { buildMenu } from '../../app/menu.ts';
import { useCurrentUser } from '../../app/session.ts';
import { RoutePlaceholder } from './RoutePlaceholder.tsx';

/** A menu group's own path opens the first child page the user holds. */
export function GroupPage({ name }: { name: string }) {
  const user = useCurrentUser();
  const group = buildMenu(user?.auth_list ?? [], user?.isROOT ?? false).find((m) => m.name === name);
  const first = group?.children[0];
  if (first) return <Navigate to={first.path} replace />;
  return <RoutePlaceholder name={name} />;
}
