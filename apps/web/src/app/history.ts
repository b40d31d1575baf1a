/**
 * "The browser back button always returns to the root" (SPEC.md §2). On every fresh page load
 * (typed address, link from outside) the current entry becomes '/' and the page the user opened
 * is pushed on top of it; every in-app navigation then replaces the top entry instead of pushing
 * a new one, so one step back always lands on '/', which redirects home.
 */
export function anchorHistoryAtRoot(): void {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  // a reload or a back/forward step keeps the entries it already has
  if (nav && (nav.type === 'reload' || nav.type === 'back_forward')) return;
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (here === '/') return;
  history.replaceState(null, '', '/');
  history.pushState(null, '', here);
}
