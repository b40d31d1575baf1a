import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { buildMenu, selectedMenuKeys } from '../menu.ts';
import { useCurrentUser } from '../session.ts';

/** Grouped menu with hover sub-menus, listing only the routes the user holds. */
export function NavMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useMemo(() => buildMenu(user?.auth_list ?? [], user?.isROOT ?? false), [user]);
  const paths = useMemo(
    () => new Map(menu.flatMap((m) => [[m.name, m.path] as const, ...m.children.map((c) => [c.name, c.path] as const)])),
    [menu],
  );

  const items: MenuProps['items'] = menu.map((m) =>
    m.children.length > 0
      ? { key: m.name, label: t(m.label), children: m.children.map((c) => ({ key: c.name, label: t(c.label) })) }
      : { key: m.name, label: t(m.label) },
  );

  return (
    <Menu
      mode="horizontal"
      triggerSubMenuAction="hover"
      items={items}
      selectedKeys={selectedMenuKeys(pathname, menu)}
      onClick={({ key }) => {
        const path = paths.get(key);
        if (path) navigate(path, { replace: true });
      }}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
      data-testid="nav-menu"
    />
  );
}
