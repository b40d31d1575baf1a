import type { TFaultItem, ZFaultSettingItem, ZTiringItem } from '@liftguard/contract/alerts/fault';
import type { TPage } from '@liftguard/contract/http';
import type { z } from 'zod';
import { type Query, request } from '../../api/http.ts';

export type FaultItem = TFaultItem;
export type TiringItem = z.infer<typeof ZTiringItem>;
export type FaultSettingItem = z.infer<typeof ZFaultSettingItem>;

export const FAULTS_QUERY_KEY = ['faults', 'list'] as const;
export const TIRING_QUERY_KEY = ['faults', 'tiring'] as const;

export const fetchFaults = (query: Query, signal?: AbortSignal) => request<TPage<FaultItem>>('/fault/list', { query, signal });
export const processFault = (id: number, note: string) => request<unknown>('/fault/process', { method: 'PUT', body: { id, note } });
export const fetchTiring = (query: Query, signal?: AbortSignal) => request<TPage<TiringItem>>('/fault/tiringlist', { query, signal });
export const fetchFaultSettings = () => request<FaultSettingItem[]>('/fault/settings');
export const saveFaultSettings = (list: Array<{ code: string; screen: boolean; sms: boolean }>) =>
  request<unknown>('/fault/settings', { method: 'PUT', body: { list } });
