import type { SearchTerm } from '@sasayaki/contract';

/** Chip colour of a term: tags and voice actors have their own (docs/product.md §2.4). */
export function termColor(term: SearchTerm): 'secondary' | 'info' | 'primary' | 'default' {
  if (term.namespace === 'tag' || term.namespace === 'tagw') return 'secondary';
  if (term.namespace === 'va') return 'info';
  if (term.namespace === 'circle') return 'primary';
  return 'default';
}

/**
 * The label of a term chip: the value with its namespace, excluded terms prefixed with a minus.
 * `shown` replaces the value as displayed (a tag's name in the interface language).
 */
export function termLabel(term: SearchTerm, shown: string = term.value): string {
  const minus = term.isExclude ? '-' : '';
  if (term.type === 'plain') return `${minus}${shown}`;
  if (term.type === 'partialNamespace') return `${minus}${term.namespace}`;
  return `${minus}${term.namespace}: ${shown}`;
}

/** Whether a term names one tag (`tag:` or the weaker `tagw:`) by its stored name. */
export function isTagTerm(term: SearchTerm): boolean {
  return term.type === 'fullSpecial' && (term.namespace === 'tag' || term.namespace === 'tagw');
}
