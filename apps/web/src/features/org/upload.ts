import { readEnvelope, urlOf } from '../../api/http.ts';
import { readToken } from '../../api/token.ts';

/**
 * POST /api/portal/upload_logo (multipart: token, cid, file) with upload progress. fetch cannot
 * report upload progress, so this one call uses XMLHttpRequest; its answer goes through the
 * client's envelope reader, so failures get the same SPEC.md §8 handling as every other call.
 */
export function uploadLogoWithProgress(file: File, cid: number, onProgress: (percent: number) => void): Promise<{ logo: string }> {
  const form = new FormData();
  form.set('token', readToken() ?? '');
  form.set('cid', String(cid));
  form.set('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlOf('/portal/upload_logo'));
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
        resolve(readEnvelope<{ logo: string }>(JSON.parse(xhr.responseText)));
      } catch (err) {
        reject(err);
      }
    };
    xhr.send(form);
  });
}
