import type { TPage } from '@liftguard/contract/http';
import type { TTerminal, TTerminalSettings, TTerminalType } from '@liftguard/contract/registry/terminal';
import { type Query, request } from '../../api/http.ts';

/** Terminal calls of apps/server/src/modules/terminal/routes.ts. */

export const listTerminals = (query: Query, signal?: AbortSignal) => request<TPage<TTerminal>>('/device/terminal/list', { query, signal });

export type TerminalRegistered = { id: number; terminal_id: string; type: TTerminalType; mqtt_username: string; mqtt_secret: string };
export const registerTerminal = (body: { terminal_id: string; face_id?: string | null; version?: string | null }) =>
  request<TerminalRegistered>('/device/terminal/add', { method: 'POST', body, silent: true });

export const deleteTerminal = (id: number) => request<true>('/device/terminal/delete', { method: 'POST', body: { id } });

export const readTerminalSettings = () => request<TTerminalSettings>('/device/terminal/settings');
export const saveTerminalSettings = (body: TTerminalSettings) => request<true>('/device/terminal/settings', { method: 'PUT', body });

export type StoredFile = { url: string; name: string; file_size: number };
