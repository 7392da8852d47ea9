/** Keyword edits of the search box and chips: the contract's grammar helpers, plus the global filter. */
export { appendTerm, removeTerm as removeTermAt } from '@sasayaki/contract';

/** The keyword sent to the server: the visitor's keyword ANDed with the global filter setting. */
export function withGlobalFilter(keyword: string, globalFilter: string): string {
  const f = globalFilter.trim();
  if (f === '') return keyword.trim();
  return keyword.trim() === '' ? f : `${keyword.trim()}\n${f}`;
}
