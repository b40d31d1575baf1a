import type { TIndexTree } from '@liftguard/contract/dashboard/index-tree';
import { request } from '../../api/http.ts';

export const DASHBOARD_QUERY_KEY = ['dashboard', 'indextree'] as const;
export const fetchIndexTree = () => request<TIndexTree>('/indextree');
