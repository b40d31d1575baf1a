import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.12 });

/** Thin loading bar (SPEC.md §2) while a route chunk or the user object loads. */
export function showProgress(busy: boolean): void {
  if (busy) NProgress.start();
  else NProgress.done();
}
