import type { TCommand, TRemoteAction } from '@liftguard/contract/command/index';
import type { TPage } from '@liftguard/contract/http';
import { request } from '../../api/http.ts';

/** Remote control calls of apps/server/src/modules/command/routes.ts. Failures come back to the modal (`silent`). */
export const sendCommand = (body: { action: TRemoteAction; terminal_id: string; password?: string; data?: Record<string, unknown> }) =>
  request<TCommand>('/device/sendmqtt', { method: 'POST', body, silent: true });

export const listCommands = (lift_id: number) =>
  request<TPage<TCommand>>('/device/command/list', { query: { lift_id, page: 1, size: 12 } });

export const listTerminalCommands = (terminal_id: string) =>
  request<TPage<TCommand>>('/device/command/list', { query: { terminal_id, page: 1, size: 12 } });
