/** The interface languages (docs/product.md §1). */
export const LOCALES = ['zh-CN', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

/** Nested message catalogue: leaves are strings with `{{placeholders}}` (translator.ts). */
export interface Messages {
  [key: string]: string | Messages;
}
