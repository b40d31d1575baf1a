import type { TPage } from '@liftguard/contract/http';
import type { TSim, TSimForm } from '@liftguard/contract/registry/sim';
import { type Query, request } from '../../api/http.ts';

/** SIM card calls of apps/server/src/modules/sim/routes.ts. */
export const listSims = (query: Query, signal?: AbortSignal) => request<TPage<TSim>>('/device/sim/list', { query, signal });
export const createSim = (body: TSimForm) => request<{ id: number }>('/device/sim/add', { method: 'POST', body, silent: true });
export const updateSim = (body: Partial<TSimForm> & { id: number }) =>
  request<true>('/device/sim/update', { method: 'PUT', body, silent: true });
export const deleteSim = (id: number) => request<true>('/device/sim/delete', { method: 'POST', body: { id } });
