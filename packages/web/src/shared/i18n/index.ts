import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundles } from '../../app/bundles.ts';
import { initialLocale, LANGUAGE_STORAGE_KEY } from './locale.ts';
import { mergeMessages } from './merge.ts';
import { LOCALES, type Locale, type Messages } from './types.ts';

export { mapLocale, tagLocaleOf } from './locale.ts';
export { LOCALES, type Locale } from './types.ts';

function resources() {
  const out = {} as Record<Locale, { translation: Messages }>;
  for (const l of LOCALES)
    out[l] = { translation: bundles.reduce<Messages>((acc, b) => mergeMessages(acc, b[l]), {}) };
  return out;
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const i18n: I18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  resources: resources(),
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

export function currentLocale(): Locale {
  return i18n.language as Locale;
}

/** Switches the interface language and remembers it. */
export function setLanguage(locale: Locale): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  void i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}
