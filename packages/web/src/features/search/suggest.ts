/**
 * Search box suggestions (docs/product.md §2.8, §9): while a `$namespace` is typed, the namespaces; while a
 * `$namespace:value` is typed, names from the entity lists (tags, circles, voice actors) or the
 * suggested values of docs/product.md §9; for a plain word, matching tags, circles and voice actors.
 */
import {
  formatTerm,
  locateTerms,
  SEARCH_NAMESPACES,
  type SearchTerm,
  SUGGESTED_VALUES,
  suggestedValues,
} from '@sasayaki/contract';

export { SUGGESTED_VALUES };

/** Every namespace of the grammar, in the contract's order (tagw included: weak tags count). */
export const NAMESPACES = SEARCH_NAMESPACES;

export interface EntityNames {
  tag: string[];
  circle: string[];
  va: string[];
}

export interface Suggestion {
  /** The whole keyword once this suggestion is chosen. */
  keyword: string;
  /** What the list shows. */
  label: string;
  kind: 'namespace' | 'tag' | 'circle' | 'va' | 'value';
}

const MAX = 10;

function matching(names: readonly string[], typed: string): string[] {
  const q = typed.toLowerCase();
  const starts = names.filter((n) => n.toLowerCase().startsWith(q));
  const contains = names.filter((n) => !n.toLowerCase().startsWith(q) && n.toLowerCase().includes(q));
  return [...starts, ...contains].slice(0, MAX);
}

export function suggest(input: string, entities: EntityNames): Suggestion[] {
  const located = locateTerms(input);
  const last = located.at(-1);
  // Only the term under the caret at the end of the text is completed, not after a space.
  if (!last || last.end !== input.length || /\s$/u.test(input)) return [];
  const head = input.slice(0, last.start);
  const { term } = last;
  const replace = (t: SearchTerm) => head + formatTerm(t);
  if (term.type === 'partialNamespace') {
    const typed = (term.namespace ?? '').toLowerCase();
    return NAMESPACES.filter((n) => n.startsWith(typed)).map((n) => ({
      keyword: `${head}$${term.isExclude ? '-' : ''}${n}:`,
      label: `$${n}:`,
      kind: 'namespace' as const,
    }));
  }
  if (term.type === 'partialValue') {
    // Weak-tag terms (`$tagw:`) complete from the same tag names as `$tag:`.
    const ns = term.namespace === 'tagw' ? 'tag' : (term.namespace ?? '');
    const pool = ns === 'tag' || ns === 'circle' || ns === 'va' ? entities[ns] : suggestedValues(ns);
    return matching(pool, term.value).map((v) => ({
      keyword: replace({ ...term, type: 'fullSpecial', value: v }),
      label: v,
      kind: ns === 'tag' || ns === 'circle' || ns === 'va' ? ns : ('value' as const),
    }));
  }
  if (term.type === 'plain' && term.value.length > 0) {
    return (['tag', 'circle', 'va'] as const)
      .flatMap((ns) =>
        matching(entities[ns], term.value)
          .slice(0, 4)
          .map((v) => ({
            keyword: replace({ type: 'fullSpecial', namespace: ns, value: v, isExclude: term.isExclude }),
            label: v,
            kind: ns,
          })),
      )
      .slice(0, MAX);
  }
  return [];
}
