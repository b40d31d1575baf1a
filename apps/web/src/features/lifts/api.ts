import type { TPage } from '@liftguard/contract/http';
import type { TImportJob } from '@liftguard/contract/registry/import';
import type { TLift, TLiftBatchEditRequest, TLiftForm, TLiftMapPoint } from '@liftguard/contract/registry/lift';
import { type Query, request } from '../../api/http.ts';

/** Lift calls of apps/server/src/modules/lift/routes.ts; shapes from packages/contract/src/registry. */

export type LiftListKind = 'list' | 'remove_list' | 'end_time_list';

export const listLifts = (kind: LiftListKind, query: Query, signal?: AbortSignal) =>
  request<TPage<TLift>>(`/device/${kind}`, { query, signal });

export const liftDetail = (id: number) => request<TLift>('/device/detail', { query: { id } });

export const liftMap = () => request<TLiftMapPoint[]>('/device/map');

/** Create/update answer their failures to the caller (`silent`), so the form can put them on a field. */
export const createLift = (body: TLiftForm) => request<{ id: number }>('/device/add', { method: 'POST', body, silent: true });
export const updateLift = (body: Partial<TLiftForm> & { id: number }) =>
  request<true>('/device/update', { method: 'PUT', body, silent: true });

export const batchUpdateLifts = (body: TLiftBatchEditRequest) =>
  request<{ updated: number }>('/device/batch_update', { method: 'POST', body });

export const deleteLift = (id: number) => request<true>('/device/delete', { method: 'POST', body: { id } });
export const restoreLift = (id: number) => request<true>('/device/restore', { method: 'POST', body: { id } });
export const renewLift = (id: number, months: number) =>
  request<{ expire_at: string }>('/device/renew', { method: 'POST', body: { id, months } });

export const collectLift = (id: number) => request<true>('/device/collect', { method: 'POST', body: { id }, silent: true });
export const uncollectLift = (id: number) => request<true>('/device/uncollect', { method: 'POST', body: { id }, silent: true });

export const importProgress = (id: number) => request<TImportJob>('/device/import/progress', { query: { id } });

export type CommunityOption = { id: number; name: string };
export const listCommunities = (keyword: string | undefined) =>
  request<TPage<CommunityOption>>('/community/list', { query: { page: 1, size: 24, keyword: keyword || undefined } });

export type BuildingUnit = { id: number; name: string };
export type Building = BuildingUnit & { units?: BuildingUnit[] };
export const listBuildings = (community_id: number) => request<{ list: Building[] }>('/community/buildings', { query: { community_id } });

export type CompanyNode = { id: number; pid: number | null; name: string; node_type: 'company' | 'department' };
export const companyTree = () => request<{ list: CompanyNode[] }>('/company/tree');
