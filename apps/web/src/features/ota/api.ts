import type { TOtaKind, TOtaPackage } from '@liftguard/contract/command/index';
import type { TPage } from '@liftguard/contract/http';
import { readEnvelope, request, urlOf } from '../../api/http.ts';
import { readToken } from '../../api/token.ts';

/** Over-the-air and settings-push calls of apps/server/src/modules/ota and modules/settings-push. */

export type UpdateTarget = { terminal_id: string; current_version: string | null; new_version: string; cmd_id: string | null };
export type PortalUpdateResult = { sent: UpdateTarget[]; latest: UpdateTarget[] };

export const startUpdate = (body: { list: string[]; new_version: string; kind: TOtaKind }) =>
  request<PortalUpdateResult>('/portal/update', { method: 'POST', body });

export const listPackages = (kind: TOtaKind) => request<TOtaPackage[]>('/portal/package/list', { query: { kind } });

export type ConfigState = {
  terminal_id: string;
  state: 'not_configured' | 'sent' | 'configured';
  revision: number | null;
  current_revision: number;
  sent_at: string | null;
  confirmed_at: string | null;
};
export const pushSettings = (terminal_id?: string) =>
  request<{ revision: number; sent: string[]; pending: string[] }>('/terminal/settings/push', {
    method: 'POST',
    body: terminal_id ? { terminal_id } : {},
  });
export const configStates = (page: number, size: number) =>
  request<TPage<ConfigState>>('/terminal/settings/states', { query: { page, size } });

/** Multipart upload with progress (fetch cannot report it); the answer goes through the client's envelope reader. */
export function uploadPackage(kind: TOtaKind, version: string, file: File, onProgress: (percent: number) => void): Promise<TOtaPackage> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('version', version);
  form.set('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlOf('/portal/package/upload'));
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => {
      try {
        readEnvelope(null);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onload = () => {
      try {
        resolve(readEnvelope<TOtaPackage>(JSON.parse(xhr.responseText)));
      } catch (err) {
        reject(err);
      }
    };
    xhr.send(form);
  });
}
