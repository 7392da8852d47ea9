/**
 * Editing a keyword as the search box does: append a term (docs/product.md §5: on a new line, unless an
 * equal term is already there), remove a chip's term, or replace a term (completing a partial one
 * from a suggestion). Edits keep the rest of the text as the user typed it; if splicing text would
 * change how the other terms parse (an unclosed quote, say), the keyword is rewritten canonically.
 */
import { formatKeyword, formatTerm } from './format.ts';
import { locateTerms, parseKeyword, sameTerm } from './parse.ts';
import type { SearchTerm } from './types.ts';

const LINE_BREAK = /[\n\r\v\f\u2028\u2029]/;

/** The term as parsing would produce it (aliases resolved, value trimmed); null if it has no text. */
function normalise(term: SearchTerm): SearchTerm | null {
  const parsed = parseKeyword(formatTerm(term));
  return parsed.length === 1 ? parsed[0]! : null;
}

function sameTerms(a: readonly SearchTerm[], b: readonly SearchTerm[]): boolean {
  return a.length === b.length && a.every((t, i) => sameTerm(t, b[i]!));
}

/** `text` if it parses to `expected`, else the canonical text of `expected`. */
function verified(text: string, expected: SearchTerm[]): string {
  return sameTerms(parseKeyword(text), expected) ? text : formatKeyword(expected);
}

/** Adds a term on a new line, unless an equal term is already present (then the keyword is unchanged). */
export function appendTerm(keyword: string, term: SearchTerm): string {
  const added = normalise(term);
  const terms = parseKeyword(keyword);
  if (added === null || terms.some((t) => sameTerm(t, added))) return keyword;
  const base = keyword.trimEnd();
  const text = formatTerm(added);
  return verified(base === '' ? text : `${base}\n${text}`, [...terms, added]);
}

/** Whether the keyword already holds this term (in any spelling: aliases, quotes, `-$` or `$-`). */
export function hasTerm(keyword: string, term: SearchTerm): boolean {
  const wanted = normalise(term);
  return wanted !== null && parseKeyword(keyword).some((t) => sameTerm(t, wanted));
}

/** Puts `insert` where the term at `index` was, keeping one separator between the neighbours. */
function splice(keyword: string, index: number, insert: string): string | null {
  const located = locateTerms(keyword)[index];
  if (!located) return null;
  const left = keyword.slice(0, located.start).trimEnd();
  const rightRaw = keyword.slice(located.end);
  const right = rightRaw.trimStart();
  const gap = keyword.slice(left.length, located.start) + rightRaw.slice(0, rightRaw.length - right.length);
  const separator = LINE_BREAK.test(gap) ? '\n' : ' ';
  return [left, insert, right].filter((part) => part !== '').join(separator);
}

/** Removes the term at `index` of parseKeyword(keyword) (a chip's remove button). */
export function removeTerm(keyword: string, index: number): string {
  const text = splice(keyword, index, '');
  if (text === null) return keyword;
  return verified(
    text,
    parseKeyword(keyword).filter((_, i) => i !== index),
  );
}

/** Replaces the term at `index` (a suggestion completing `$tag:AS` into `$tag:ASMR$`, say). */
export function replaceTerm(keyword: string, index: number, term: SearchTerm): string {
  const replacement = normalise(term);
  if (replacement === null) return removeTerm(keyword, index);
  const text = splice(keyword, index, formatTerm(replacement));
  if (text === null) return keyword;
  return verified(
    text,
    parseKeyword(keyword).map((t, i) => (i === index ? replacement : t)),
  );
}
