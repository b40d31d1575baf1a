import type { ComponentType } from 'react';

/**
 * Route name → page. To plug a real page in, replace its entry with
 * `() => import('../features/<domain>/<Page>.tsx')` (the module's default export is the page).
 * Every entry is lazy, so each page is its own chunk and the login route stays small.
 */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** A page that a later issue fills: Ant Design empty state with the page name and what it is for. */
const placeholder =
  (name: string): PageLoader =>
  () =>
    import('../features/placeholder/RoutePlaceholder.tsx').then((m) => ({ default: () => <m.RoutePlaceholder name={name} /> }));

/** A menu group: opens its first child the user holds. */
const group =
  (name: string): PageLoader =>
  () =>
    import('../features/placeholder/GroupPage.tsx').then((m) => ({ default: () => <m.GroupPage name={name} /> }));

export const PAGES: Readonly<Record<string, PageLoader>> = {
  home_index: () => import('../features/dashboard/DashboardPage.tsx'),
  explain: placeholder('explain'),
  monitor: () => import('../features/monitor/MonitorPage.tsx'),

  system: group('system'),
  system_company: () => import('../features/org/CompanyPage.tsx'),
  system_user: () => import('../features/users/UserPage.tsx'),
  system_role: () => import('../features/roles/RolePage.tsx'),
  system_community: () => import('../features/communities/CommunityPage.tsx'),
  system_settings: () => import('../features/settings/SettingsPage.tsx'),
  system_pusher_account: () => import('../features/pusher/PusherPage.tsx'),
  system_audit: () => import('../features/audit/AuditPage.tsx'),

  device: group('device'),
  device_list: () => import('../features/lifts/LiftListPage.tsx'),
  device_list_detail: () => import('../features/lifts/LiftDetailPage.tsx'),
  device_remove_list: () => import('../features/lifts/RemovedListPage.tsx'),
  device_end_time_list: () => import('../features/lifts/ExpiredListPage.tsx'),
  device_terminal: () => import('../features/terminals/TerminalPage.tsx'),
  device_fault: () => import('../features/faults/FaultPage.tsx'),
  device_sim: () => import('../features/sims/SimPage.tsx'),
  device_monitor: () => import('../features/monitor/MonitorDetailPage.tsx'),

  dev: group('dev'),
  dev_res: () => import('../features/resources/ResourcePage.tsx'),
  dev_exception: () => import('../features/resources/ExceptionPage.tsx'),
  dev_terminal_exception: () => import('../features/terminal-exception/TerminalExceptionPage.tsx'),
  dev_app_crash_log: placeholder('dev_app_crash_log'),

  control: group('control'),
  control_owner: placeholder('control_owner'),
  control_keys: placeholder('control_keys'),

  dtzj: group('dtzj'),
  dtzj_version: placeholder('dtzj_version'),
  dtzj_data: placeholder('dtzj_data'),
  dtzj_logs: placeholder('dtzj_logs'),

  m_home: () => import('../features/mobile/MobileHomePage.tsx'),
  m_monitor: () => import('../features/monitor/MobileMonitorPage.tsx'),
  set_pwd_page: () => import('../features/auth/SetPasswordPage.tsx'),

  // pages outside the contract's route table
  login: () => import('../features/auth/LoginPage.tsx'),
  m_login: () => import('../features/auth/MobileLoginPage.tsx'),
  forbidden: () => import('../features/errors/ForbiddenPage.tsx'),
  server_error: () => import('../features/errors/ServerErrorPage.tsx'),
  network_error: () => import('../features/errors/NetworkErrorPage.tsx'),
  not_found: () => import('../features/errors/NotFoundPage.tsx'),
};
