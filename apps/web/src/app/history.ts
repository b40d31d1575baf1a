const ANCHOR_KEY = 'lg.history-anchored';

/**
 * "The browser back button always returns to the root" (SPEC.md §2): the first entry of the tab
 * becomes '/', the page the user opened sits on top of it, and every in-app navigation
 * replaces the top entry instead of pushing a new one.
 */
export function anchorHistoryAtRoot(): void {
  try {
    if (sessionStorage.getItem(ANCHOR_KEY)) return;
    sessionStorage.setItem(ANCHOR_KEY, '1');
  } catch {
    // no session storage: anchor anyway
  }
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (here === '/') return;
  history.replaceState(null, '', '/');
  history.pushState(null, '', here);
}
