/**
 * The language of a work edition (`lang` of `other_language_editions_in_db`, a store code such as
 * `CHI_HANS`) named in the interface language: "Simplified Chinese", "简体中文", "簡体中国語".
 */
const BCP47: Record<string, string> = {
  JPN: 'ja',
  ENG: 'en',
  CHI_HANS: 'zh-Hans',
  CHI_HANT: 'zh-Hant',
  CHI: 'zh',
  KO_KR: 'ko',
  SPA: 'es',
  ITA: 'it',
  GER: 'de',
  FRE: 'fr',
};

/** Languages a sidecar may give only by their own name (its `label`). */
const BY_LABEL: Record<string, string> = {
  日本語: 'ja',
  English: 'en',
  简体中文: 'zh-Hans',
  繁體中文: 'zh-Hant',
  中文: 'zh',
  한국어: 'ko',
  Español: 'es',
};

/** The name of an edition's language for people reading `uiLocale`; an unknown code stays as it is. */
export function editionLanguageName(code: string, uiLocale: string): string {
  const tag = BCP47[code.toUpperCase()] ?? BY_LABEL[code.trim()];
  if (!tag) return code;
  try {
    return new Intl.DisplayNames([uiLocale], { type: 'language' }).of(tag) ?? code;
  } catch {
    return code;
  }
}
