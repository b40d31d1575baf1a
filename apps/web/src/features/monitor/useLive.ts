import type { TLiveEvent } from '@liftguard/contract/live/messages';
import { useEffect, useRef, useState } from 'react';
import { type LiveStatus, live } from '../../api/live.ts';

/** Follow these terminals while the component is on screen; cancelled when it leaves. */
export function useLiveSubscription(terminalIds: readonly (string | null | undefined)[]): void {
  const key = [...new Set(terminalIds.filter((t): t is string => !!t))].sort().join('\n');
  useEffect(() => {
    if (!key) return;
    return live.subscribe(key.split('\n'));
  }, [key]);
}

/** Call `handler` for these actions (the latest handler, without re-listening on every render). */
export function useLiveEvent(actions: readonly (TLiveEvent['action'] | '*')[], handler: (e: TLiveEvent) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  const key = actions.join(',');
  useEffect(() => live.on(key.split(',') as TLiveEvent['action'][], (e) => ref.current(e)), [key]);
}

/** Run `fn` after the channel comes back (to reload what may have been missed). */
export function useLiveReconnect(fn: () => void): void {
  const ref = useRef(fn);
  ref.current = fn;
  useEffect(() => live.onMeta('reconnect', () => ref.current()), []);
}

export function useLiveStatus(): LiveStatus {
  const [s, set] = useState<LiveStatus>(live.status);
  useEffect(() => {
    set(live.status);
    return live.onMeta('status', set);
  }, []);
  return s;
}
