import { DEFAULT_LOCALE, LOCALES, type Locale } from '@liftguard/contract/errors';

type Tree = { [key: string]: string | Tree };

// One JSON file per locale and area: i18n/<locale>/<area>.json holds the keys `<area>.*`.
// Loaded per locale on demand, so a page downloads only the language it shows.
const files = import.meta.glob<Tree>('./*/*.json', { import: 'default' });

/** Areas of the shell; feature pages add their own `<area>.json` beside them. */
export const AREAS = [
  'app',
  'route',
  'page',
  'auth',
  'shell',
  'error',
  'org',
  'lift',
  'terminal',
  'sim',
  'monitor',
  'command',
  'dashboard',
  'settings',
  'terminalException',
  'live',
  'ota',
] as const;

/**
 * Areas the sign-in, reset and error pages need: loaded at start-up. Every other area loads
 * with the signed-in shell (`ensureFeatureCatalogue`), so the login route stays small.
 * scripts/login-bundle-size.mjs reads this list.
 */
export const SHELL_AREAS: readonly string[] = ['app', 'route', 'page', 'auth', 'shell', 'error'];

export type AreaSet = 'shell' | 'features' | 'all';

/** The catalogue of one locale (`{ app: {...}, route: {...}, ... }`), for a set of areas. */
export async function loadCatalogue(locale: Locale, set: AreaSet = 'all'): Promise<Tree> {
  const out: Tree = {};
  const wanted = (area: string) => set === 'all' || SHELL_AREAS.includes(area) === (set === 'shell');
  await Promise.all(
    Object.entries(files).map(async ([file, load]) => {
      const m = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file);
      if (m && m[1] === locale && m[2] && wanted(m[2])) out[m[2]] = await load();
    }),
  );
  return out;
}

/** Every leaf key of a catalogue, dotted (`route.home`). */
export function flattenKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flattenKeys(v, `${prefix}${k}.`)));
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export { DEFAULT_LOCALE, LOCALES, type Locale };
