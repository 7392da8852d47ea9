/**
 * Search keyword terms (docs/product.md §3 "Search term", §5 grammar, docs/compatibility.md "Search").
 *
 * - plain:            `word`, `"quoted phrase"`, `-word`, `RJ01234567` (a work code is a plain term)
 * - partialNamespace: `$tag` / `$-tag` — a namespace being typed, no value yet
 * - partialValue:     `$tag:val` — value being typed, no closing `$`
 * - fullSpecial:      `$tag:val$`, `$-tag:val$`, `-$tag:val$`
 */
export const SEARCH_NAMESPACES = [
  'tag',
  'tagw',
  'circle',
  'va',
  'rate',
  'price',
  'sell',
  'age',
  'duration',
  'lang',
] as const;
export type SearchNamespace = (typeof SEARCH_NAMESPACES)[number];

/** Short aliases accepted on input; formatting always writes the long name. */
export const NAMESPACE_ALIASES: Record<string, SearchNamespace> = {
  t: 'tag',
  c: 'circle',
  v: 'va',
  d: 'duration',
};

export type SearchTermType = 'plain' | 'partialNamespace' | 'partialValue' | 'fullSpecial';

export interface SearchTerm {
  type: SearchTermType;
  /** Canonical namespace (aliases resolved); absent on plain terms. An unknown namespace is kept as typed. */
  namespace?: string;
  /** The text (plain) or the value (special); quotes stripped. */
  value: string;
  isExclude: boolean;
}
