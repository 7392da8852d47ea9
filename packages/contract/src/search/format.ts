/**
 * SearchTerm → keyword text, the inverse of parseKeyword: for every keyword k,
 * parseKeyword(formatKeyword(parseKeyword(k))) equals parseKeyword(k).
 */
import type { SearchTerm } from './types.ts';

/** Characters that would end or change an unquoted value: whitespace, quotes and `$` (either width). */
const NEEDS_QUOTES = /[\s"$＄]/u;

function quote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function formatValue(value: string): string {
  return NEEDS_QUOTES.test(value) ? quote(value) : value;
}

/** A plain text is quoted also when it starts with `-`, which would otherwise exclude it. */
function formatPlain(value: string): string {
  return NEEDS_QUOTES.test(value) || value.startsWith('-') ? quote(value) : value;
}

/** The canonical text of one term; '' for a plain term without text (parsing drops those). */
export function formatTerm(term: SearchTerm): string {
  const minus = term.isExclude ? '-' : '';
  const namespace = term.namespace ?? '';
  switch (term.type) {
    case 'plain':
      return term.value === '' ? '' : minus + formatPlain(term.value);
    case 'partialNamespace':
      return `$${minus}${namespace}`;
    case 'partialValue':
      return `$${minus}${namespace}:${formatValue(term.value)}`;
    case 'fullSpecial':
      return `$${minus}${namespace}:${formatValue(term.value)}$`;
  }
}

/**
 * Terms joined by spaces. An unfinished `$ns:value` is followed by a line break instead, because
 * a value may run across spaces up to a later `$` but never across a line.
 */
export function formatKeyword(terms: readonly SearchTerm[]): string {
  let out = '';
  let separator = '';
  for (const term of terms) {
    const text = formatTerm(term);
    if (text === '') continue;
    out += separator + text;
    separator = term.type === 'partialValue' ? '\n' : ' ';
  }
  return out;
}
