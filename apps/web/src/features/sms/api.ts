import type { ZSmsRecordItem, ZSmsUsage } from '@liftguard/contract/alerts/sms';
import type { TPage } from '@liftguard/contract/http';
import type { z } from 'zod';
import { type Query, request } from '../../api/http.ts';

export type SmsRecord = z.infer<typeof ZSmsRecordItem>;
export type SmsUsage = z.infer<typeof ZSmsUsage>;

export const SMS_USAGE_KEY = ['sms', 'usage'] as const;
export const fetchSmsRecords = (query: Query, signal?: AbortSignal) => request<TPage<SmsRecord>>('/sms/list', { query, signal });
export const fetchSmsUsage = () => request<SmsUsage>('/sms/usage');
export const requestSignature = (sms_signature: string) => request<unknown>('/sms/signature', { method: 'PUT', body: { sms_signature } });
