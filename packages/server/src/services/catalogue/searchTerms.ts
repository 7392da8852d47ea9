/**
 * A search keyword → its terms (the contract's grammar), within the length a search may have, and
 * the terms → the filters the search compiler turns into SQL (repositories/searchSql.ts).
 */
import { compileTerm, LIMITS, parseKeyword, type SearchFilter, type SearchTerm } from '@sasayaki/contract';
import { fail, HttpError } from '../../errors.ts';

/** The terms of a search keyword, or a 400 when the keyword is longer than a search may be. */
export function searchTermsOf(keyword: string): SearchTerm[] {
  const length = keyword.length > LIMITS.keywordMax ? [...keyword].length : 0;
  if (length > LIMITS.keywordMax) {
    throw fail('SEARCH_KEYWORD_TOO_LONG', { max: LIMITS.keywordMax, length });
  }
  return parseKeyword(keyword);
}

/**
 * The filters of the complete terms, each once (the same filter twice selects the same works).
 * Partial terms are skipped; too many terms, or a term that cannot be searched, is a 400 with the
 * contract's reason.
 */
export function searchFiltersOf(terms: readonly SearchTerm[]): SearchFilter[] {
  if (terms.length > LIMITS.searchTermsMax) {
    throw fail('TOO_MANY_SEARCH_TERMS', { max: LIMITS.searchTermsMax, count: terms.length });
  }
  const filters = new Map<string, SearchFilter>();
  for (const term of terms) {
    const compiled = compileTerm(term);
    if (!compiled.ok) throw new HttpError(compiled.error.code, compiled.error.params);
    if (compiled.filter) filters.set(JSON.stringify(compiled.filter), compiled.filter);
  }
  return [...filters.values()];
}
