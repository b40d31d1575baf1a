import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, loadCatalogue } from './catalogue.ts';

const STORAGE_KEY = 'lg.language';

/** The language kept in local storage (SPEC.md §1), or the default. */
export function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isLocale(v) ? v : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

export async function initI18n(): Promise<typeof i18next> {
  const lng = storedLocale();
  const resources = { [lng]: { translation: await loadCatalogue(lng, 'shell') } };
  await i18next.use(initReactI18next).init({
    resources,
    partialBundledLanguages: true,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = currentLocale();
  return i18next;
}

const featuresLoaded = new Map<Locale, Promise<void>>();

/** Load the feature areas of a locale once (the signed-in shell awaits this before rendering). */
export function ensureFeatureCatalogue(locale: Locale = currentLocale()): Promise<void> {
  let pending = featuresLoaded.get(locale);
  if (!pending) {
    pending = loadCatalogue(locale, 'features').then((tree) => {
      i18next.addResourceBundle(locale, 'translation', tree, true, true);
    });
    featuresLoaded.set(locale, pending);
  }
  return pending;
}

export async function switchLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    i18next.addResourceBundle(locale, 'translation', await loadCatalogue(locale, 'shell'));
  }
  if (featuresLoaded.size > 0) await ensureFeatureCatalogue(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export { i18next };
