import type { ZLiftPushParams, ZPusherAccountItem, ZPushLogItem } from '@liftguard/contract/alerts/push';
import type { TPage } from '@liftguard/contract/http';
import type { z } from 'zod';
import { type Query, request } from '../../api/http.ts';

export type PusherAccount = z.infer<typeof ZPusherAccountItem>;
export type PushLog = z.infer<typeof ZPushLogItem>;
export type LiftPushParams = z.output<typeof ZLiftPushParams>;
export type AccountInput = { name: string; base_url: string; account: string; secret: string; enabled: boolean };

export const fetchAccounts = (query: Query, signal?: AbortSignal) => request<TPage<PusherAccount>>('/pusher/list', { query, signal });
export const addAccount = (body: AccountInput) => request<unknown>('/pusher/add', { method: 'POST', body });
export const updateAccount = (body: AccountInput & { id: number }) => request<unknown>('/pusher/update', { method: 'PUT', body });
export const deleteAccount = (id: number) => request<unknown>('/pusher/delete', { method: 'PUT', body: { id } });
export const fetchLiftParams = (lift_id: number) => request<LiftPushParams>('/pusher/liftparams', { query: { lift_id } });
export const saveLiftParams = (body: LiftPushParams) => request<unknown>('/pusher/liftparams', { method: 'PUT', body });
export const pushLift = (lift_id: number) => request<unknown>('/pusher/push', { method: 'POST', body: { lift_id } });
export const fetchPushLogs = (query: Query, signal?: AbortSignal) => request<TPage<PushLog>>('/pusher/loglist', { query, signal });
