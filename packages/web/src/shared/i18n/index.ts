import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { coreBundle } from './core.ts';
import { errorCodesBundle } from './errorCodes.ts';
import { initialLocale, LANGUAGE_STORAGE_KEY } from './locale.ts';
import { mergeMessages } from './merge.ts';
import { type Bundle, LOCALES, type Locale, type Messages } from './types.ts';

export { mapLocale, tagLocaleOf } from './locale.ts';
export { type Bundle, LOCALES, type Locale } from './types.ts';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const i18n: I18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLocale(
    storedLanguage(),
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  ),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
document.documentElement.lang = i18n.language;

const registered = new Set<Bundle>();
/** Every registered key, to refuse one defined twice. */
const merged = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, Messages>;

/**
 * Adds translation bundles. The shared words are here from the start; the shell registers every
 * feature's bundle at start-up, before the first render. A key defined twice throws.
 */
export function registerBundles(bundles: readonly Bundle[]): void {
  for (const bundle of bundles) {
    if (registered.has(bundle)) continue;
    // Checked on copies first: a refused bundle leaves nothing behind.
    const next = LOCALES.map((l) => mergeMessages(structuredClone(merged[l]), bundle[l]));
    LOCALES.forEach((l, i) => {
      merged[l] = next[i]!;
      i18n.addResourceBundle(l, 'translation', structuredClone(bundle[l]), true, false);
    });
    registered.add(bundle);
  }
}
registerBundles([coreBundle, errorCodesBundle]);

export function currentLocale(): Locale {
  return i18n.language as Locale;
}

/** Switches the interface language and remembers it. */
export function setLanguage(locale: Locale): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  void i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}
