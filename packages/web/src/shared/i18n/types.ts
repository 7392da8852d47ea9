/** The interface languages (docs/product.md §1). */
export const LOCALES = ['zh-CN', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

/** Nested message catalogue: leaves are strings with i18next `{{placeholders}}`. */
export interface Messages {
  [key: string]: string | Messages;
}
