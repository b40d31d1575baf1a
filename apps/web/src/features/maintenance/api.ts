import type { TPage } from '@liftguard/contract/http';
import type { TMaintenanceForm, TMaintenanceRecord, TMaintenanceUpdateRequest } from '@liftguard/contract/maintenance/index';
import { type Query, request } from '../../api/http.ts';

/** Maintenance record calls of apps/server/src/modules/maintenance/routes.ts. */
export const MAINTENANCE_QUERY_KEY = ['maintenance'] as const;

export const listMaintenance = (query: Query, signal?: AbortSignal) =>
  request<TPage<TMaintenanceRecord>>('/device/maintenance/list', { query, signal });

/** Create/update answer their failures to the caller (`silent`), so the form can put them on a field. */
export const createMaintenance = (body: TMaintenanceForm) =>
  request<{ id: number }>('/device/maintenance/add', { method: 'POST', body, silent: true });
export const updateMaintenance = (body: TMaintenanceUpdateRequest) =>
  request<true>('/device/maintenance/update', { method: 'PUT', body, silent: true });
export const deleteMaintenance = (id: number) => request<true>('/device/maintenance/delete', { method: 'POST', body: { id } });
