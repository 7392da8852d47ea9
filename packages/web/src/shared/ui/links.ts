import { formatTerm, searchPath as keywordPath, type SearchTerm } from '@sasayaki/contract';

/** Work links of docs/product.md §2.2 live in the contract. */
export { workPath } from '@sasayaki/contract';

/** /works?keyword=… for one search term (tag, circle, voice actor and age chips). */
export function searchPath(term: SearchTerm): string {
  return keywordPath(formatTerm(term));
}

export const termOf = (namespace: string, value: string, isExclude = false): SearchTerm => ({
  type: 'fullSpecial',
  namespace,
  value,
  isExclude,
});
