/** The interface languages (docs/product.md §1). */
export const LOCALES = ['zh-CN', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

/** Nested message catalogue: leaves are strings with i18next `{{placeholders}}`. */
export interface Messages {
  [key: string]: string | Messages;
}

/**
 * A feature's translations, one catalogue per locale. Every feature keeps its texts next to its
 * code under its own top-level key (e.g. `player.*`) and is listed in `bundles.ts`.
 */
export type Bundle = Record<Locale, Messages>;
