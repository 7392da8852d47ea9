/**
 * The interface's texts by dotted key (`works.card.reviews`), in the shown language and in
 * English where a language lacks one; `{{name}}` placeholders, `{{count, number}}` in the
 * language's digits, and `_one` / `_other` forms chosen by the language's plural rules
 * (Intl.PluralRules). It is the part of i18next this app used: i18next and react-i18next were
 * 17 KB of the first load (Brotli), this is under 1 KB.
 */
import type { Messages } from './types.ts';

export interface TOptions {
  /** Another language than the shown one. */
  lng?: string;
  /** Chooses the plural form, and fills `{{count}}`. */
  count?: number;
  /** Said when no language has the key (the key itself otherwise). */
  defaultValue?: string;
  [placeholder: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

export const FALLBACK_LANGUAGE = 'en';

const PLACEHOLDER = /\{\{\s*([^{}\s,]+)\s*(?:,\s*([^{}\s]+)\s*)?\}\}/g;

/** Copies `source` into `target`, deep; a later text replaces an earlier one. */
function assignDeep(target: Messages, source: Messages): Messages {
  for (const [k, v] of Object.entries(source)) {
    const here = target[k];
    target[k] = typeof v === 'string' || typeof here !== 'object' ? v : assignDeep(here, v);
  }
  return target;
}

export class Translator {
  private readonly bundles = new Map<string, Messages>();
  private readonly listeners = new Set<() => void>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private readonly numbers = new Map<string, Intl.NumberFormat>();

  constructor(public language: string) {}

  /** Adds texts to a language (deep: keys it already has are replaced, others kept). */
  addResources(language: string, messages: Messages): void {
    this.bundles.set(language, assignDeep(this.bundles.get(language) ?? {}, messages));
  }

  /** Switches the shown language; components using `useTranslation` render again. */
  async changeLanguage(language: string): Promise<void> {
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener();
  }

  /** For useSyncExternalStore: called on every change of the shown language. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Whether a language (and English after it, unless `fallbackLng: false`) has the key. */
  exists(key: string, options: { lng?: string; fallbackLng?: false } = {}): boolean {
    const lng = options.lng ?? this.language;
    const languages = options.fallbackLng === false ? [lng] : this.languagesFor(lng);
    return languages.some((l) => this.lookup(l, key) !== undefined);
  }

  t: TFunction = (key, options = {}) => {
    const { count } = options;
    for (const lng of this.languagesFor(options.lng ?? this.language)) {
      const text =
        typeof count === 'number'
          ? (this.lookup(lng, `${key}_${this.pluralOf(lng, count)}`) ??
            this.lookup(lng, `${key}_other`) ??
            this.lookup(lng, key))
          : this.lookup(lng, key);
      if (text !== undefined) return this.fill(text, lng, options);
    }
    return options.defaultValue === undefined
      ? key
      : this.fill(options.defaultValue, options.lng ?? this.language, options);
  };

  /** A `t` that always speaks one language (unless a call names another). */
  getFixedT(language: string): TFunction {
    return (key, options) => this.t(key, { ...options, lng: options?.lng ?? language });
  }

  private languagesFor(lng: string): string[] {
    return lng === FALLBACK_LANGUAGE ? [lng] : [lng, FALLBACK_LANGUAGE];
  }

  private lookup(lng: string, key: string): string | undefined {
    let node: string | Messages | undefined = this.bundles.get(lng);
    for (const part of key.split('.')) {
      if (typeof node !== 'object') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  }

  private pluralOf(lng: string, count: number): Intl.LDMLPluralRule {
    let rules = this.plurals.get(lng);
    if (!rules) {
      rules = new Intl.PluralRules(lng);
      this.plurals.set(lng, rules);
    }
    return rules.select(count);
  }

  /** Fills the placeholders; one without a value stays as written, so the gap shows. */
  private fill(text: string, lng: string, values: TOptions): string {
    return text.replace(PLACEHOLDER, (whole, name: string, format: string | undefined) => {
      const value = values[name];
      if (value === undefined || value === null) return whole;
      if (format === 'number' && typeof value === 'number') {
        let digits = this.numbers.get(lng);
        if (!digits) {
          digits = new Intl.NumberFormat(lng);
          this.numbers.set(lng, digits);
        }
        return digits.format(value);
      }
      return String(value);
    });
  }
}
