import { describe, expect, it } from 'vitest';
import { decideNavigation, isMobileAgent, type NavContext, titleKeyOf } from './navigation.ts';

const desktop: Omit<NavContext, 'pathname'> = { mobile: false, hasToken: false, viewer: null };
const go = (pathname: string, over: Partial<NavContext> = {}) => decideNavigation({ ...desktop, ...over, pathname });
const staff = { keys: ['home_index', 'device', 'device_list'], isRoot: false };
const signedIn = { hasToken: true, viewer: staff };

describe('navigation rules (SPEC.md §2)', () => {
  it('sends the root to the home route', () => {
    expect(go('/', signedIn)).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('lets a desktop without token reach only login, set_pwd_page and error pages', () => {
    for (const p of ['/login', '/set_pwd_page', '/403', '/500', '/network-error', '/no/such/page']) expect(go(p).kind).toBe('render');
    for (const p of ['/home', '/device/list', '/explain', '/device/monitor/7', '/m_home'])
      expect(go(p)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends a phone without token to the mobile login, even from /login', () => {
    const phone = { mobile: true };
    expect(go('/home', phone)).toEqual({ kind: 'redirect', to: '/m_login' });
    expect(go('/device/list', phone)).toEqual({ kind: 'redirect', to: '/m_login' });
    expect(go('/login', phone)).toEqual({ kind: 'redirect', to: '/m_login' });
    expect(go('/m_login', phone).kind).toBe('render');
    expect(go('/set_pwd_page', phone).kind).toBe('render');
  });

  it('sends a phone opening home to the mobile home', () => {
    expect(go('/home', { mobile: true, ...signedIn })).toEqual({ kind: 'redirect', to: '/m_home' });
    expect(go('/', { mobile: true, ...signedIn })).toEqual({ kind: 'redirect', to: '/m_home' });
  });

  it('fetches the user first when a token is present but no user is loaded', () => {
    expect(go('/device/list', { hasToken: true, viewer: null })).toEqual({ kind: 'loadUser' });
    expect(go('/explain', { hasToken: true, viewer: null })).toEqual({ kind: 'loadUser' });
  });

  it('guards routes by permission key and sends others to 403', () => {
    expect(go('/device/list', signedIn)).toMatchObject({ kind: 'render', route: { name: 'device_list' } });
    // the lift detail page opens with the lift list's key
    expect(go('/device/list/12', signedIn)).toMatchObject({ kind: 'render', route: { name: 'device_list_detail' } });
    expect(go('/device/fault', signedIn)).toEqual({ kind: 'redirect', to: '/403' });
    expect(go('/system/user', signedIn)).toEqual({ kind: 'redirect', to: '/403' });
    expect(go('/device/monitor/12', signedIn)).toEqual({ kind: 'redirect', to: '/403' });
  });

  it('opens explain, m_monitor and set_pwd_page without a key', () => {
    const none = { hasToken: true, viewer: { keys: [], isRoot: false } };
    expect(go('/explain', none)).toMatchObject({ kind: 'render', route: { name: 'explain' } });
    expect(go('/m_monitor/3', none)).toMatchObject({ kind: 'render', route: { name: 'm_monitor' } });
    expect(go('/set_pwd_page', none).kind).toBe('render');
    expect(go('/home', none)).toEqual({ kind: 'redirect', to: '/403' });
  });

  it('lets the root role open everything', () => {
    const root = { hasToken: true, viewer: { keys: [], isRoot: true } };
    for (const p of ['/system/user', '/dev/res', '/dtzj/logs', '/device/monitor/1']) expect(go(p, root).kind).toBe('render');
  });

  it('ignores a trailing slash', () => {
    expect(go('/device/list/', signedIn)).toMatchObject({ kind: 'render', route: { name: 'device_list' } });
  });

  it('names the page subtitle for the title', () => {
    expect(titleKeyOf('/device/monitor/9')).toBe('route.device_monitor');
    expect(titleKeyOf('/login')).toBe('route.login');
    expect(titleKeyOf('/nowhere')).toBe('route.not_found');
  });

  it('recognises phones by user agent', () => {
    expect(isMobileAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36')).toBe(false);
  });
});
