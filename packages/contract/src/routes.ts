/**
 * Every route of SPEC.md §2 with its route name (= permission key). The web router, the menu
 * and the server's resource seed all derive from this one table.
 */
export type RouteDef = {
  /** route name and permission key */
  name: string;
  path: string;
  /** i18n key of the page subtitle / menu label */
  label: string;
  /** parent route name for menu grouping */
  parent?: string;
  hideInMenu?: boolean;
  /** any logged-in user may open it */
  free?: boolean;
  /** reachable without a token */
  public?: boolean;
  mobile?: boolean;
  /**
   * Permission key when it is another route's: a sub-page opened with that route's right (not a
   * resource of its own, never offered in the permission trees).
   */
  key?: string;
};

export const ROUTES: readonly RouteDef[] = [
  { name: 'home_index', path: '/home', label: 'route.home' },
  { name: 'explain', path: '/explain', label: 'route.explain', free: true },
  { name: 'monitor', path: '/monitor', label: 'route.monitor' },

  { name: 'system', path: '/system', label: 'route.system' },
  { name: 'system_company', path: '/system/company', label: 'route.system_company', parent: 'system' },
  { name: 'system_user', path: '/system/user', label: 'route.system_user', parent: 'system' },
  { name: 'system_role', path: '/system/role', label: 'route.system_role', parent: 'system' },
  { name: 'system_community', path: '/system/community', label: 'route.system_community', parent: 'system' },
  { name: 'system_settings', path: '/system/settings', label: 'route.system_settings', parent: 'system' },
  { name: 'system_pusher_account', path: '/system/pusher_account', label: 'route.system_pusher_account', parent: 'system' },
  { name: 'system_audit', path: '/system/audit', label: 'route.system_audit', parent: 'system' },

  { name: 'device', path: '/device', label: 'route.device' },
  { name: 'device_list', path: '/device/list', label: 'route.device_list', parent: 'device' },
  {
    name: 'device_list_detail',
    path: '/device/list/:id',
    label: 'route.device_list_detail',
    parent: 'device',
    hideInMenu: true,
    key: 'device_list',
  },
  { name: 'device_remove_list', path: '/device/remove_list', label: 'route.device_remove_list', parent: 'device' },
  { name: 'device_end_time_list', path: '/device/end_time_list', label: 'route.device_end_time_list', parent: 'device' },
  { name: 'device_terminal', path: '/device/terminal', label: 'route.device_terminal', parent: 'device' },
  { name: 'device_fault', path: '/device/fault', label: 'route.device_fault', parent: 'device' },
  { name: 'device_sim', path: '/device/sim', label: 'route.device_sim', parent: 'device' },
  { name: 'device_monitor', path: '/device/monitor/:id', label: 'route.device_monitor', parent: 'device', hideInMenu: true },

  { name: 'dev', path: '/dev', label: 'route.dev' },
  { name: 'dev_res', path: '/dev/res', label: 'route.dev_res', parent: 'dev' },
  { name: 'dev_exception', path: '/dev/exception', label: 'route.dev_exception', parent: 'dev' },
  { name: 'dev_terminal_exception', path: '/dev/terminal_exception', label: 'route.dev_terminal_exception', parent: 'dev' },
  { name: 'dev_app_crash_log', path: '/dev/app_crash_log', label: 'route.dev_app_crash_log', parent: 'dev' },

  { name: 'control', path: '/control', label: 'route.control' },
  { name: 'control_owner', path: '/control/owner', label: 'route.control_owner', parent: 'control' },
  { name: 'control_keys', path: '/control/keys', label: 'route.control_keys', parent: 'control' },

  { name: 'dtzj', path: '/dtzj', label: 'route.dtzj' },
  { name: 'dtzj_version', path: '/dtzj/version', label: 'route.dtzj_version', parent: 'dtzj' },
  { name: 'dtzj_data', path: '/dtzj/data', label: 'route.dtzj_data', parent: 'dtzj' },
  { name: 'dtzj_logs', path: '/dtzj/logs', label: 'route.dtzj_logs', parent: 'dtzj' },

  { name: 'm_home', path: '/m_home', label: 'route.m_home', mobile: true },
  { name: 'm_monitor', path: '/m_monitor/:id', label: 'route.m_monitor', mobile: true, free: true },
  { name: 'set_pwd_page', path: '/set_pwd_page', label: 'route.set_pwd_page', public: true, free: true },
];

/** Route names that are permission keys (sub-pages with another route's key left out). */
export const ROUTE_NAMES = ROUTES.filter((r) => !r.key).map((r) => r.name);

/** May a user holding `keys` (and maybe root) open the route named `name`? SPEC.md §2 navigation rules. */
export function canOpenRoute(name: string, keys: readonly string[], isRoot: boolean): boolean {
  if (isRoot) return true;
  const route = ROUTES.find((r) => r.name === name);
  if (route?.free || route?.public) return true;
  return keys.includes(route?.key ?? name);
}
