import { useMemo, useSyncExternalStore } from 'react';
import { initialLocale, LANGUAGE_STORAGE_KEY } from './locale.ts';
import { mergeMessages } from './merge.ts';
import { type TFunction, Translator } from './translator.ts';
import type { Locale, Messages } from './types.ts';

export { mapLocale, tagLocaleOf } from './locale.ts';
export type { TFunction, TOptions } from './translator.ts';
export { LOCALES, type Locale, type Messages } from './types.ts';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const i18n = new Translator(
  initialLocale(
    storedLanguage(),
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  ),
);
document.documentElement.lang = i18n.language;

/**
 * The texts for a component: `t` in the shown language, and the translator. The component renders
 * again when the language changes (`t` is then a new function, so memos that use it follow).
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const language = useSyncExternalStore(i18n.subscribe, () => i18n.language);
  const t = useMemo(() => i18n.getFixedT(language), [language]);
  return { t, i18n };
}

/**
 * Adds one language's texts: every part's catalogue (the shared words, the error catalogue, the
 * shell, each feature), merged. A key defined twice throws, and leaves nothing behind.
 */
export function addLanguage(locale: Locale, parts: readonly Messages[]): void {
  const merged = parts.reduce<Messages>((acc, part) => mergeMessages(acc, structuredClone(part)), {});
  i18n.addResources(locale, merged);
}

/**
 * Where a language's texts come from: the shell connects its per-language chunks at start-up
 * (shared code knows no feature).
 */
let fetchLanguage: (locale: Locale) => Promise<readonly Messages[]> = () =>
  Promise.reject(new Error('no translations connected'));
const loading = new Map<Locale, Promise<void>>();

export function connectLanguages(fetch: (locale: Locale) => Promise<readonly Messages[]>): void {
  fetchLanguage = fetch;
}

/** Fetches and adds a language's texts once; a failed fetch is tried again on the next call. */
export function loadLanguage(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = fetchLanguage(locale).then((parts) => addLanguage(locale, parts));
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * Texts kept apart from a language's chunk (the console's): fetched for the shown language when a
 * screen that needs them loads (`loadTexts`), and, once needed, for any language switched to.
 */
const partFetchers = new Map<string, (locale: Locale) => Promise<readonly Messages[]>>();
const partsInUse = new Set<string>();
const partLoads = new Map<string, Promise<void>>();

export function connectTexts(part: string, fetch: (locale: Locale) => Promise<readonly Messages[]>): void {
  partFetchers.set(part, fetch);
}

function loadPart(part: string, locale: Locale): Promise<void> {
  const key = `${part}:${locale}`;
  let pending = partLoads.get(key);
  if (!pending) {
    const fetch = partFetchers.get(part);
    pending = (fetch ? fetch(locale) : Promise.reject(new Error(`no texts connected for ${part}`))).then(
      (parts) => addLanguage(locale, parts),
    );
    pending.catch(() => partLoads.delete(key));
    partLoads.set(key, pending);
  }
  return pending;
}

/** Brings a part's texts for the shown language (once; a failure is tried again next time). */
export function loadTexts(part: string): Promise<void> {
  partsInUse.add(part);
  return loadPart(part, currentLocale());
}

export function currentLocale(): Locale {
  return i18n.language as Locale;
}

/** Switches the interface language, once its texts are here, and remembers it. */
export async function setLanguage(locale: Locale): Promise<void> {
  await Promise.all([loadLanguage(locale), ...[...partsInUse].map((part) => loadPart(part, locale))]);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}
