import { canOpenRoute, ROUTES, type RouteDef } from '@liftguard/contract/routes';

/** Paths of the pages that are not in the contract's route table (they need no permission key). */
export const PATHS = {
  root: '/',
  home: '/home',
  mobileHome: '/m_home',
  login: '/login',
  mobileLogin: '/m_login',
  setPassword: '/set_pwd_page',
  forbidden: '/403',
  serverError: '/500',
  networkError: '/network-error',
  faults: '/device/fault',
  explain: '/explain',
} as const;

/** Pages outside the shell with their i18n title key; reachable without a token. */
export const OPEN_PAGES: Readonly<Record<string, string>> = {
  [PATHS.login]: 'route.login',
  [PATHS.mobileLogin]: 'route.m_login',
  [PATHS.setPassword]: 'route.set_pwd_page',
  [PATHS.forbidden]: 'route.forbidden',
  [PATHS.serverError]: 'route.server_error',
  [PATHS.networkError]: 'route.network_error',
};

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone|MicroMessenger/i;

/** "Mobile" is decided by the user agent, as SPEC.md §2 says. */
export function isMobileAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

const patternCache = new Map<string, RegExp>();
function patternOf(path: string): RegExp {
  let re = patternCache.get(path);
  if (!re) {
    const body = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[A-Za-z_]+/g, '/[^/]+');
    re = new RegExp(`^${body}/?$`);
    patternCache.set(path, re);
  }
  return re;
}

/** The contract route a pathname opens, or null. */
export function routeOfPath(pathname: string): RouteDef | null {
  return ROUTES.find((r) => patternOf(r.path).test(pathname)) ?? null;
}

export type Viewer = { keys: readonly string[]; isRoot: boolean };

export type NavContext = {
  pathname: string;
  mobile: boolean;
  hasToken: boolean;
  /** null while the user object is not loaded yet */
  viewer: Viewer | null;
};

export type NavDecision =
  | { kind: 'render'; route: RouteDef | null }
  | { kind: 'redirect'; to: string }
  /** a token is present but the user object is not loaded: fetch GET /api/getuser first */
  | { kind: 'loadUser' };

/** Where a navigation goes: the navigation rules of SPEC.md §2 as one pure function. */
export function decideNavigation(ctx: NavContext): NavDecision {
  const path = ctx.pathname.length > 1 ? ctx.pathname.replace(/\/+$/, '') : ctx.pathname;
  const loginPath = ctx.mobile ? PATHS.mobileLogin : PATHS.login;

  if (path === PATHS.root) return { kind: 'redirect', to: ctx.mobile ? PATHS.mobileHome : PATHS.home };

  if (path in OPEN_PAGES) {
    // a phone is always sent to the mobile sign-in
    if (ctx.mobile && !ctx.hasToken && path === PATHS.login) return { kind: 'redirect', to: PATHS.mobileLogin };
    return { kind: 'render', route: routeOfPath(path) };
  }

  const route = routeOfPath(path);
  // unknown paths render the 404 page, which is an error page and open to everyone
  if (!route) return { kind: 'render', route: null };
  if (!ctx.hasToken) return { kind: 'redirect', to: loginPath };
  if (ctx.mobile && route.name === 'home_index') return { kind: 'redirect', to: PATHS.mobileHome };
  if (!ctx.viewer) return { kind: 'loadUser' };
  if (!canOpenRoute(route.name, ctx.viewer.keys, ctx.viewer.isRoot)) return { kind: 'redirect', to: PATHS.forbidden };
  return { kind: 'render', route };
}

/** The i18n key of a page's subtitle, for document.title. */
export function titleKeyOf(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return OPEN_PAGES[path] ?? routeOfPath(path)?.label ?? 'route.not_found';
}
