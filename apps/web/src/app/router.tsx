import { ROUTES } from '@liftguard/contract/routes';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ensureFeatureCatalogue } from '../i18n/i18n.ts';
import { PATHS } from './navigation.ts';
import { PAGES, type PageLoader } from './pages.tsx';
import { RootLayout } from './RootLayout.tsx';

const lazyPage = (name: string) => {
  const load: PageLoader | undefined = PAGES[name];
  if (!load) throw new Error(`No page registered for route ${name} in src/app/pages.tsx`);
  return async () => ({ Component: (await load()).default });
};

// Paths are relative to their layout route, as react-router wants for children.
const childPath = (path: string) => path.replace(/^\//, '');

const desktopRoutes = ROUTES.filter((r) => !r.mobile && !r.public);
const mobileRoutes = ROUTES.filter((r) => r.mobile);

/** The route table: derived from the contract's ROUTES plus the sign-in and error pages. */
export const routeObjects: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => null,
    children: [
      { index: true, Component: () => null },
      { path: childPath(PATHS.login), lazy: lazyPage('login') },
      { path: childPath(PATHS.mobileLogin), lazy: lazyPage('m_login') },
      { path: childPath(PATHS.setPassword), lazy: lazyPage('set_pwd_page') },
      { path: childPath(PATHS.forbidden), lazy: lazyPage('forbidden') },
      { path: childPath(PATHS.serverError), lazy: lazyPage('server_error') },
      { path: childPath(PATHS.networkError), lazy: lazyPage('network_error') },
      {
        lazy: async () => {
          const [m] = await Promise.all([import('./shell/Shell.tsx'), ensureFeatureCatalogue()]);
          return { Component: m.Shell };
        },
        children: desktopRoutes.map((r) => ({ path: childPath(r.path), lazy: lazyPage(r.name) })),
      },
      {
        lazy: async () => {
          const [m] = await Promise.all([import('./shell/MobileShell.tsx'), ensureFeatureCatalogue()]);
          return { Component: m.MobileShell };
        },
        children: mobileRoutes.map((r) => ({ path: childPath(r.path), lazy: lazyPage(r.name) })),
      },
      { path: '*', lazy: lazyPage('not_found') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
