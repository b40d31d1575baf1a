import type { TLiftState } from '@liftguard/contract/registry/lift';

/** One colour per lift state, used by the map markers, the legend and the list's state tags. */
export const STATE_COLOURS: Readonly<Record<TLiftState, string>> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  fault: '#f5222d',
};

/** Ant Design tag colour of a state. */
export const STATE_TAG: Readonly<Record<TLiftState, string>> = { online: 'success', offline: 'default', fault: 'error' };

export type StateCounts = Record<TLiftState, number>;

/** How many points are in each state (the map legend). */
export function countStates(points: readonly { state: TLiftState }[]): StateCounts {
  const out: StateCounts = { online: 0, offline: 0, fault: 0 };
  for (const p of points) out[p.state] += 1;
  return out;
}

/** Map marker style of a state: faults drawn larger and on top so they are not hidden by neighbours. */
export function markerStyle(state: TLiftState): { color: string; fillColor: string; radius: number; weight: number; fillOpacity: number } {
  const colour = STATE_COLOURS[state];
  return { color: '#ffffff', fillColor: colour, radius: state === 'fault' ? 9 : 7, weight: 2, fillOpacity: 0.95 };
}

/** Bounds [[south, west], [north, east]] around the points, or null when there are none. */
export function boundsOf(points: readonly { latitude: number; longitude: number }[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let s = 90;
  let w = 180;
  let n = -90;
  let e = -180;
  for (const p of points) {
    s = Math.min(s, p.latitude);
    n = Math.max(n, p.latitude);
    w = Math.min(w, p.longitude);
    e = Math.max(e, p.longitude);
  }
  return [
    [s, w],
    [n, e],
  ];
}
