import type { TLiveEvent } from '@liftguard/contract/live/messages';
import type { LiftState, LiftStatus } from './api.ts';

/** What a monitor screen shows of one lift, kept up to date by live events. Pure, so it is unit-tested. */
export type LiveLift = {
  online: boolean;
  /** past the monitor expiry: shown offline whatever it reports (SPEC.md §4) */
  expired: boolean;
  status: LiftStatus | null;
  statusAt: number | null;
  /** open fault codes */
  faults: string[];
  trapped: boolean;
};

export const EMPTY_LIVE: LiveLift = { online: false, expired: false, status: null, statusAt: null, faults: [], trapped: false };

export function fromState(s: LiftState, openFaults: readonly string[] = []): LiveLift {
  return {
    online: s.online && !s.expired,
    expired: s.expired,
    status: s.status,
    statusAt: s.status_at ? Date.parse(s.status_at) : null,
    faults: [...new Set(openFaults)],
    trapped: false,
  };
}

const DIRECTIONS = new Set(['up', 'down', 'stop']);
const DOORS = new Set(['open', 'opening', 'closed', 'closing']);
const RUNS = new Set(['normal', 'stopped', 'locked', 'maintenance', 'fault', 'descending']);

/** Read a U01 payload; a field that does not fit keeps its previous value. */
export function readStatus(data: Record<string, unknown>, prev: LiftStatus | null): LiftStatus | null {
  const floor = typeof data.floor === 'number' && Number.isInteger(data.floor) ? data.floor : prev?.floor;
  if (floor === undefined) return prev;
  const pick = <T extends string>(v: unknown, ok: Set<string>, fallback: T): T =>
    typeof v === 'string' && ok.has(v) ? (v as T) : fallback;
  return {
    floor,
    floor_display: typeof data.floor_display === 'string' ? data.floor_display : (prev?.floor_display ?? String(floor)),
    direction: pick(data.direction, DIRECTIONS, prev?.direction ?? 'stop'),
    door: pick(data.door, DOORS, prev?.door ?? 'closed'),
    run_state: pick(data.run_state, RUNS, prev?.run_state ?? 'normal'),
    occupied: typeof data.occupied === 'boolean' ? data.occupied : (prev?.occupied ?? false),
  };
}

/** Apply one live event about this lift. */
export function applyLiveEvent(state: LiveLift, e: TLiveEvent): LiveLift {
  switch (e.action) {
    case 'up_report_status':
    case 'status_report': {
      const status = readStatus(e.data, state.status);
      return { ...state, status, statusAt: e.timestamp, online: !state.expired };
    }
    case 'up_report_fault':
    case 'addF': {
      const code = typeof e.data.code === 'string' ? e.data.code : null;
      const faults = code && !state.faults.includes(code) ? [...state.faults, code] : state.faults;
      return { ...state, faults, trapped: state.trapped || e.data.trapped === true };
    }
    case 'up_solve_fault':
    case 'delF': {
      const code = typeof e.data.code === 'string' ? e.data.code : null;
      const faults = code ? state.faults.filter((c) => c !== code) : state.faults;
      return { ...state, faults, trapped: faults.length > 0 && state.trapped };
    }
    case 'onoff':
      return typeof e.data.online === 'boolean' ? { ...state, online: e.data.online && !state.expired } : state;
    default:
      return state;
  }
}

/** Floors of the shaft, top first: labels from j_floors when given, else -negative…positive without 0. */
export function shaftFloors(positive: number, negative: number, labels: readonly string[] = []): { floor: number; label: string }[] {
  const out: { floor: number; label: string }[] = [];
  const top = Math.max(1, Math.min(positive, 64));
  const bottom = Math.max(0, Math.min(negative, 64));
  for (let f = top; f >= 1; f--) out.push({ floor: f, label: String(f) });
  for (let f = -1; f >= -bottom; f--) out.push({ floor: f, label: `B${-f}` });
  if (labels.length === out.length) return out.map((row, i) => ({ ...row, label: labels[labels.length - 1 - i] ?? row.label }));
  return out;
}
