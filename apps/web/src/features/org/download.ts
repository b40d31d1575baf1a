import { readEnvelope, urlOf } from '../../api/http.ts';
import { readToken } from '../../api/token.ts';
import { currentLocale } from '../../i18n/i18n.ts';

/**
 * Download a file answer (xlsx export). A JSON answer is a failure envelope and gets the
 * client's usual handling (SPEC.md §8); anything else is saved under `filename`.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const headers: Record<string, string> = { 'x-lang': currentLocale() };
  const token = readToken();
  if (token) headers.authorization = token;
  let res: Response;
  try {
    res = await fetch(urlOf(path), { headers });
  } catch {
    readEnvelope(null);
    return;
  }
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    readEnvelope(await res.json());
    return;
  }
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
