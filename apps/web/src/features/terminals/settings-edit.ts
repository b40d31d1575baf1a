import type { TTerminalSettings } from '@liftguard/contract/registry/terminal';

/** Immutable updates of the terminal settings document (pure; unit-tested). */

export function setAt<T extends object>(obj: T, path: readonly (string | number)[], value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(obj) ? [...obj] : { ...obj }) as Record<string | number, unknown>;
  copy[head] = setAt(((obj as Record<string | number, unknown>)[head] ?? {}) as object, rest, value);
  return copy as T;
}

/** Zod issue paths → readable "ad_videos.1.url" keys. */
export const issueKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** Settings as the form starts them: the server's, with the slot arrays kept at their fixed lengths and order. */
export function normaliseSettings(s: TTerminalSettings): TTerminalSettings {
  const ad = [0, 1, 2].map(
    (index) => s.ad_videos.find((v) => v.index === index) ?? { index, name: '', url: '', file_size: 0, cycle_times: 1, end_time: '' },
  );
  const lic = [0, 1, 2].map((index) => s.license_images.find((v) => v.index === index) ?? { index, url: '' });
  return { ...s, ad_videos: ad, license_images: lic };
}
