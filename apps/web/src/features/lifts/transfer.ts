import { type Query, readEnvelope, urlOf } from '../../api/http.ts';
import { readToken } from '../../api/token.ts';
import { currentLocale } from '../../i18n/i18n.ts';

/**
 * File transfers that `request()` cannot do: a multipart upload that reports its progress
 * (XMLHttpRequest), and a download of a binary answer. Both read failure answers through the
 * client's `readEnvelope`, so SPEC.md §8 handling is the same as for every other call.
 */

export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlOf(path));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-lang', currentLocale());
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      onProgress(100);
      try {
        resolve(readEnvelope<T>(JSON.parse(xhr.responseText)));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => {
      try {
        readEnvelope({ code: -2, msg: 'network' });
      } catch (err) {
        reject(err);
      }
    };
    xhr.send(form);
  });
}

/** Download an answer as a file (export, import templates); a JSON answer is a failure. */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = { 'x-lang': currentLocale() };
  const token = readToken();
  if (token) headers.authorization = token;
  const res = await fetch(urlOf(path, query), { headers });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    readEnvelope(await res.json());
    return;
  }
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
