import { LOCALES, type Locale } from './types.ts';

export const LANGUAGE_STORAGE_KEY = 'lang';

/** Locale rules of docs/product.md §9: any zh variant → zh-CN, ja / ja-jp → ja, anything else → en. */
export function mapLocale(tag: string | null | undefined): Locale {
  const t = (tag ?? '').trim().toLowerCase();
  if (t === 'zh' || t.startsWith('zh-') || t.startsWith('zh_')) return 'zh-CN';
  if (t === 'ja' || t.startsWith('ja-') || t.startsWith('ja_')) return 'ja';
  return 'en';
}

/** The stored preference when it is one of ours, else the browser's languages, else English. */
export function initialLocale(stored: string | null, browser: readonly string[]): Locale {
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  const first = browser.find((b) => b.trim() !== '');
  return mapLocale(first);
}

/** The tag-name locale key of the API (`i18n` of a work tag) for an interface locale. */
export function tagLocaleOf(locale: Locale): 'zh-cn' | 'ja-jp' | 'en-us' {
  return locale === 'zh-CN' ? 'zh-cn' : locale === 'ja' ? 'ja-jp' : 'en-us';
}
