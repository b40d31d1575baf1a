import { ROUTES, type RouteDef } from '@liftguard/contract/routes';

export type MenuNode = { name: string; path: string; label: string; children: MenuNode[] };

// Reached from their own header links, not from the menu.
const OUTSIDE_MENU = new Set(['home_index', 'explain', 'set_pwd_page']);

const holds = (name: string, keys: readonly string[], isRoot: boolean) => isRoot || keys.includes(name);
const inMenu = (r: RouteDef) => !r.hideInMenu && !r.mobile && !r.public && !OUTSIDE_MENU.has(r.name);

/** The grouped menu: only top-level and child routes whose names the user holds (SPEC.md §2). */
export function buildMenu(keys: readonly string[], isRoot: boolean): MenuNode[] {
  return ROUTES.filter((r) => !r.parent && inMenu(r) && holds(r.name, keys, isRoot)).map((top) => ({
    name: top.name,
    path: top.path,
    label: top.label,
    children: ROUTES.filter((c) => c.parent === top.name && inMenu(c) && holds(c.name, keys, isRoot)).map((c) => ({
      name: c.name,
      path: c.path,
      label: c.label,
      children: [],
    })),
  }));
}

/** The menu entry that should look selected for a pathname. */
export function selectedMenuKeys(pathname: string, menu: MenuNode[]): string[] {
  for (const top of menu) {
    for (const c of top.children) if (pathname === c.path || pathname.startsWith(`${c.path}/`)) return [c.name, top.name];
    if (pathname === top.path) return [top.name];
  }
  return [];
}
