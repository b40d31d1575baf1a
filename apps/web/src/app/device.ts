import { isMobileAgent } from './navigation.ts';

/** Decided once per page load, from the user agent. */
export const IS_MOBILE = typeof navigator !== 'undefined' && isMobileAgent(navigator.userAgent);
