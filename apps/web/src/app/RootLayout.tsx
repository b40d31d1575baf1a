import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { readToken } from '../api/token.ts';
import { IS_MOBILE } from './device.ts';
import { useHttpBridge } from './http-bridge.ts';
import { decideNavigation, PATHS, titleKeyOf } from './navigation.ts';
import { showProgress } from './progress.ts';
import { endSession, loadUser, USER_QUERY_KEY } from './session.ts';

/** Applies the navigation rules of SPEC.md §2 to every route, and the title, loading bar and scroll. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const qc = useQueryClient();
  useHttpBridge();

  const token = readToken();
  const userQuery = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: loadUser,
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const user = token ? (userQuery.data ?? null) : null;
  const decision = decideNavigation({
    pathname: location.pathname,
    mobile: IS_MOBILE,
    hasToken: token !== null,
    viewer: user ? { keys: user.auth_list, isRoot: user.isROOT } : null,
  });

  const busy = navigation.state !== 'idle' || (decision.kind === 'loadUser' && userQuery.isFetching);
  useEffect(() => showProgress(busy), [busy]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the top on every route change, by design
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => {
    document.title = `${t('app.name')} - ${t(titleKeyOf(location.pathname))}`;
  }, [location.pathname, t]);

  // "an empty answer means logged out" (SPEC.md §7)
  const loggedOut = token !== null && userQuery.isSuccess && userQuery.data === null;
  useEffect(() => {
    if (loggedOut) endSession(qc);
  }, [loggedOut, qc]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadUser') {
    if (loggedOut) return <Navigate to={IS_MOBILE ? PATHS.mobileLogin : PATHS.login} replace />;
    if (userQuery.isError) {
      // the http client has already told the user (toast, or a redirect to login / network error)
      return (
        <div
          role="alert"
          style={{ minHeight: '100vh', display: 'grid', placeContent: 'center', gap: 12, textAlign: 'center', padding: 24 }}
        >
          <h1 style={{ fontSize: 20, fontWeight: 600, margin: 0 }}>{t('error.serverError.title')}</h1>
          <p style={{ color: '#5b6679', margin: 0 }}>{t('error.serverError.desc')}</p>
          <div>
            <Button type="primary" onClick={() => userQuery.refetch()}>
              {t('app.action.retry')}
            </Button>
          </div>
        </div>
      );
    }
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <span className="lg-spinner" role="status" aria-label={t('app.loading')} />
      </div>
    );
  }
  return <Outlet />;
}
