/**
 * The texts of the interface, one chunk per language (app/catalogues/), so a visit downloads only
 * the language it shows; another is fetched when the listener switches to it. Each part (the
 * shared words, the error catalogue, the shell, every feature) keeps its texts in its own
 * `i18n/<language>.ts` under its own top-level key; a language's chunk gathers every file of that
 * name, so a new part is listed nowhere. `bundles.test.ts` fails when a key is missing in any
 * language. (A loader per part taking the language would put a loader for every part in every
 * language into the page's first chunk.)
 */
import type { Locale, Messages } from '../shared/i18n/index.ts';

export const catalogues: Record<Locale, () => Promise<readonly Messages[]>> = {
  en: () => import('./catalogues/en.ts').then((m) => m.texts),
  'zh-CN': () => import('./catalogues/zh-CN.ts').then((m) => m.texts),
  ja: () => import('./catalogues/ja.ts').then((m) => m.texts),
};

/** The console's texts (`features/admin/`), apart: only an administrator's visit needs them. */
export const consoleCatalogues: Record<Locale, () => Promise<readonly Messages[]>> = {
  en: () => import('./catalogues/console-en.ts').then((m) => m.texts),
  'zh-CN': () => import('./catalogues/console-zh-CN.ts').then((m) => m.texts),
  ja: () => import('./catalogues/console-ja.ts').then((m) => m.texts),
};
