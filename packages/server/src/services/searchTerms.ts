/** A search keyword → its terms (the contract's grammar), within the length a search may have. */
import { LIMITS, parseKeyword, type SearchTerm } from '@sasayaki/contract';
import { fail } from '../errors.ts';

/** The terms of a search keyword, or a 400 when the keyword is longer than a search may be. */
export function searchTermsOf(keyword: string): SearchTerm[] {
  const length = keyword.length > LIMITS.keywordMax ? [...keyword].length : 0;
  if (length > LIMITS.keywordMax) {
    throw fail('SEARCH_KEYWORD_TOO_LONG', { max: LIMITS.keywordMax, length });
  }
  return parseKeyword(keyword);
}
