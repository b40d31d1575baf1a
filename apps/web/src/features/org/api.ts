import type { TPage } from '@liftguard/contract/http';
import type { TAuditEntry } from '@liftguard/contract/org/audit';
import type { TBuilding, TCommunity, TCommunityCreateRequest, TCommunityUpdateRequest } from '@liftguard/contract/org/community';
import type { TCompanyCreateRequest, TCompanyNode, TCompanyTreeNode, TCompanyUpdateRequest } from '@liftguard/contract/org/company';
import type { TResource, TResourceCreateRequest, TResourceUpdateRequest } from '@liftguard/contract/org/resource';
import type { TRole, TRoleCreateRequest, TRoleUpdateRequest } from '@liftguard/contract/org/role';
import type { TMembershipInput, TUserCreateRequest, TUserRow, TUserUpdateRequest } from '@liftguard/contract/org/user';
import { type Query, request } from '../../api/http.ts';

/**
 * Organisation calls of apps/server/src/modules/{company,role,user,community,resource,audit,dev}/routes.ts;
 * shapes from packages/contract/src/org. Failures go through the one client (SPEC.md §8 handling).
 */

type Partial0<T> = { [K in keyof T]?: T[K] };
const post = <T>(path: string, body: unknown) => request<T>(path, { method: 'POST', body });

// companies and departments
export const companyTree = () => request<{ list: TCompanyTreeNode[] }>('/company/tree').then((d) => d.list);
/** One node with its permission lists (the tree leaves them out). */
export const companyDetail = (id: number) => request<TCompanyNode>('/company/detail', { query: { id } });
export const addCompany = (body: Partial0<TCompanyCreateRequest> & { pid: number; name: string }) =>
  post<TCompanyNode>('/company/add', body);
export const updateCompany = (body: Partial0<TCompanyUpdateRequest> & { id: number }) => post<TCompanyNode>('/company/update', body);
export const moveCompany = (id: number, pid: number) => post<TCompanyNode>('/company/move', { id, pid });
export const deleteCompany = (id: number) => post<true>('/company/delete', { id });

// roles
export const listRoles = (companyId?: number) =>
  request<{ list: TRole[] }>('/role/list', { query: { company_id: companyId } }).then((d) => d.list);
export const addRole = (body: Partial0<TRoleCreateRequest> & { name: string }) => post<TRole>('/role/add', body);
export const updateRole = (body: Partial0<TRoleUpdateRequest> & { id: number }) => post<TRole>('/role/update', body);
export const deleteRole = (id: number) => post<true>('/role/delete', { id });

// users
export const listUsers = (query: Query, signal?: AbortSignal) => request<TPage<TUserRow>>('/user/list', { query, signal });
export const addUser = (body: TUserCreateRequest) => post<TUserRow>('/user/add', body);
export const updateUser = (body: Partial0<TUserUpdateRequest> & { id: number }) => post<TUserRow>('/user/update', body);
export const deleteUser = (id: number) => post<true>('/user/delete', { id });
export const saveMembership = (userId: number, m: TMembershipInput) => post<TUserRow>('/user/membership/save', { user_id: userId, ...m });
export const deleteMembership = (userId: number, companyId: number) =>
  post<true>('/user/membership/delete', { user_id: userId, company_id: companyId });

// communities, buildings, units
export const listCommunities = (query: Query, signal?: AbortSignal) => request<TPage<TCommunity>>('/community/list', { query, signal });
export const addCommunity = (body: Partial0<TCommunityCreateRequest> & { name: string }) => post<TCommunity>('/community/add', body);
export const updateCommunity = (body: TCommunityUpdateRequest) => post<TCommunity>('/community/update', body);
export const deleteCommunity = (id: number) => post<true>('/community/delete', { id });
export const listBuildings = (communityId: number) =>
  request<{ list: TBuilding[] }>('/community/buildings', { query: { community_id: communityId } }).then((d) => d.list);
export type BatchBody = { ranges: Array<{ start: number; end: number }>; prefix: string; suffix: string };
export const addBuildings = (communityId: number, b: BatchBody) =>
  post<{ list: TBuilding[] }>('/community/building/batchadd', { community_id: communityId, ...b }).then((d) => d.list);
export const addUnits = (buildingId: number, b: BatchBody) =>
  post<{ list: TBuilding[] }>('/community/unit/batchadd', { building_id: buildingId, ...b }).then((d) => d.list);
export const deleteBuilding = (id: number) => post<true>('/community/building/delete', { id });
export const deleteUnit = (id: number) => post<true>('/community/unit/delete', { id });

// audit log, resource tree, server exceptions
export const listAudit = (query: Query, signal?: AbortSignal) => request<TPage<TAuditEntry>>('/audit/list', { query, signal });
export const listResources = () => request<{ list: TResource[] }>('/dev/res/list').then((d) => d.list);
/** For permission pickers: the tree when the caller may read it (root), else null without a toast. */
export const listResourcesQuietly = () =>
  request<{ list: TResource[] }>('/dev/res/list', { silent: true }).then(
    (d) => d.list,
    () => null,
  );
export const addResource = (
  body: Partial0<TResourceCreateRequest> & { layer: number; kind: 'route' | 'uri'; name: string; label: string },
) => post<TResource>('/dev/res/add', body);
export const updateResource = (body: Partial0<TResourceUpdateRequest> & { id: number }) => post<TResource>('/dev/res/update', body);
export const deleteResource = (id: number) => post<true>('/dev/res/delete', { id });

export type ServerException = {
  id: number;
  at: string;
  request_id: string | null;
  method: string | null;
  url: string | null;
  message: string;
  stack: string | null;
};
export const listExceptions = (query: Query, signal?: AbortSignal) =>
  request<TPage<ServerException>>('/dev/exception/list', { query, signal });
