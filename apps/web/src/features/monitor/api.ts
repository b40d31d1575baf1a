import type { TFaultItem } from '@liftguard/contract/alerts/fault';
import type { TPage } from '@liftguard/contract/http';
import type { DIRECTIONS, DOOR_STATES, RUN_STATES } from '@liftguard/contract/protocol/upstream';
import type { TLift } from '@liftguard/contract/registry/lift';
import { type Query, request } from '../../api/http.ts';

/** Monitor calls of apps/server/src/modules/monitor/routes.ts. */

export type LiftStatus = {
  floor: number;
  floor_display: string;
  direction: (typeof DIRECTIONS)[number];
  door: (typeof DOOR_STATES)[number];
  run_state: (typeof RUN_STATES)[number];
  occupied: boolean;
};

export type LiftState = {
  lift_id: number;
  terminal_id: string | null;
  online: boolean;
  expired: boolean;
  last_seen_at: string | null;
  status: LiftStatus | null;
  status_at: string | null;
  busy: 'monitor' | 'rescue' | 'file' | null;
};

export type HistoryItem = Omit<LiftStatus, 'direction' | 'door' | 'run_state'> & {
  id: number;
  at: string;
  direction: string;
  door: string;
  run_state: string;
};

export const fetchLiftState = (lift_id: number) => request<LiftState>('/monitor/state', { query: { lift_id } });
export const fetchHistory = (lift_id: number, page = 1, size = 12) =>
  request<TPage<HistoryItem>>('/monitor/history', { query: { lift_id, page, size } });
export const fetchLift = (id: number) => request<TLift>('/device/detail', { query: { id } });
export const listMonitorLifts = (query: Query, signal?: AbortSignal) => request<TPage<TLift>>('/device/list', { query, signal });
export const fetchOpenFaults = (lift_id: number) =>
  request<TPage<TFaultItem>>('/fault/list', { query: { lift_id, state: 'untreated', page: 1, size: 12 } });
