/**
 * Values of special search terms, shared by the server (which compiles terms to SQL and answers
 * 400 with these reasons) and the web app (suggestions while typing).
 *
 * Values are read after Unicode NFKC normalisation, so the full-width digits and letters of a
 * Japanese IME (`１．２ｈ`, `ＪＰＮ`) mean the same as their ASCII forms.
 */
import { AGE_CATEGORIES, type AgeCategory, LANGUAGE_CODES, type LanguageCode } from '../constants.ts';
import { NAMESPACE_ALIASES, SEARCH_NAMESPACES, type SearchNamespace } from './types.ts';

const normalise = (value: string): string => value.normalize('NFKC').trim();

/** A non-negative decimal number (`4.75`, `1000`, `1,000`); null otherwise. */
export function parseNumberValue(value: string): number | null {
  const v = normalise(value);
  if (/^\d{1,3}(,\d{3})+$/.test(v)) return Number(v.replaceAll(',', ''));
  return /^(\d+(\.\d*)?|\.\d+)$/.test(v) ? Number(v) : null;
}

const DURATION = /^(?:(\d+(?:\.\d+)?|\.\d+)h)?(?:(\d+(?:\.\d+)?|\.\d+)m)?(?:(\d+(?:\.\d+)?|\.\d+)s)?$/;

/**
 * A duration in whole seconds: `30m`, `1.2h`, `90s`, combinations such as `1h30m`, or a bare number
 * of minutes (`45`). Null when invalid.
 */
export function parseDurationValue(value: string): number | null {
  const v = normalise(value).toLowerCase();
  if (v === '') return null;
  const minutes = parseNumberValue(v);
  if (minutes !== null) return Math.round(minutes * 60);
  const m = DURATION.exec(v);
  if (!m) return null;
  const [, h = '0', min = '0', s = '0'] = m;
  return Math.round(Number(h) * 3600 + Number(min) * 60 + Number(s));
}

/** `general`, `r15` or `adult`, any case (`R-15` too); null otherwise. */
export function parseAgeValue(value: string): AgeCategory | null {
  const v = normalise(value).toLowerCase().replace('-', '');
  return (AGE_CATEGORIES as readonly string[]).includes(v) ? (v as AgeCategory) : null;
}

/** A language code of LANGUAGE_CODES, any case, `-` accepted for `_`; null otherwise. */
export function parseLanguageValue(value: string): LanguageCode | null {
  const v = normalise(value).toUpperCase().replaceAll('-', '_');
  return (LANGUAGE_CODES as readonly string[]).includes(v) ? (v as LanguageCode) : null;
}

/** The values the search box offers for each namespace with a fixed choice (docs/product.md §9, §5). */
export const SUGGESTED_VALUES = {
  sell: ['100', '300', '500', '700', '1000', '2000'],
  price: ['100', '300', '500', '700', '1000', '2000'],
  rate: ['4.7', '4.75', '4.8', '4.85', '4.9', '4.95'],
  duration: ['20m', '30m', '40m', '50m', '1h', '1.2h'],
  age: [...AGE_CATEGORIES],
  lang: [...LANGUAGE_CODES],
} as const satisfies Partial<Record<SearchNamespace, readonly string[]>>;

/** Suggested values of a namespace (canonical name), or [] when its values are names from the catalogue. */
export function suggestedValues(namespace: string): readonly string[] {
  return (SUGGESTED_VALUES as Partial<Record<string, readonly string[]>>)[namespace] ?? [];
}

/**
 * Namespaces a partially typed `$prefix` may become, long names first then aliases that match,
 * as `{typed, namespace}` pairs (`t` → tag, tagw; alias t → tag).
 */
export function matchNamespaces(prefix: string): { typed: string; namespace: SearchNamespace }[] {
  const p = prefix.toLowerCase();
  const long = SEARCH_NAMESPACES.filter((ns) => ns.startsWith(p)).map((ns) => ({ typed: ns, namespace: ns }));
  const aliases = Object.entries(NAMESPACE_ALIASES)
    .filter(([alias]) => alias.startsWith(p))
    .map(([alias, namespace]) => ({ typed: alias, namespace }));
  return [...long, ...aliases];
}
