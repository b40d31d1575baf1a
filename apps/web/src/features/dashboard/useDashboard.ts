import { DASHBOARD_CHANGES } from '@liftguard/contract/live/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLiveEvent, useLiveReconnect } from '../monitor/useLive.ts';
import { DASHBOARD_QUERY_KEY, fetchIndexTree } from './api.ts';
import { applyDashboardChange } from './dashboard-state.ts';

/** The counters of /api/indextree, changed live by addF, delF, addL, delL, addT and onoff. */
export function useDashboard() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: DASHBOARD_QUERY_KEY, queryFn: fetchIndexTree, refetchInterval: 120_000 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveEvent(DASHBOARD_CHANGES, (e) => {
    qc.setQueryData(DASHBOARD_QUERY_KEY, (old: Parameters<typeof applyDashboardChange>[0] | undefined) =>
      old ? applyDashboardChange(old, e) : old,
    );
    // settle with the server's numbers once the burst is over
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void qc.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }), 3000);
  });
  useLiveReconnect(() => void q.refetch());
  return q;
}
