/**
 * The state and the request of one paged console list: the search text (debounced), the filters
 * and the page live in the page's URL, the answer comes from TanStack Query.
 */
import type { Pagination } from '@sasayaki/contract';
import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from '../../../shared/ui/useDebounced.ts';
import { usePageClamp } from '../../catalogue/index.ts';
import type { ListFilters } from './listFilters.ts';

/** How long the search text stays the same before it is asked for. */
export const SEARCH_DELAY_MS = 300;

/** What a list asks the server for: one page of the rows that match the search text and filters. */
export interface ListRequest<F> {
  page: number;
  pageSize: number;
  /** The search text, trimmed; undefined when there is none. */
  q: string | undefined;
  filters: F;
}

export interface ConsoleListOptions<F, A, R> {
  /**
   * The list's query family (`queryKeys.console.*`). Each page is cached under
   * `[...family, 'list', request]`, so an action that invalidates the family re-reads it.
   */
  family: QueryKey;
  /** The filters by their URL parameter's name (`q` and `page` are the list's own). */
  filters?: ListFilters<F>;
  pageSize: number;
  fetch: (request: ListRequest<F>, signal: AbortSignal) => Promise<A>;
  /** The rows of an answer. */
  rows: (answer: A) => readonly R[];
}

/**
 * What the list shows: placeholders before the first answer, the error with a retry, the empty
 * text, or the rows.
 */
export type ListState = 'loading' | 'error' | 'empty' | 'rows';

/** The search box and filters of a list: what `<ConsoleFilters>` reads and changes. */
export interface ListControls<F> {
  /** The search box's text as typed (the request follows it once it settles). */
  searchText: string;
  setSearchText: (text: string) => void;
  filters: F;
  /** Sets one filter and goes back to the first page. */
  setFilter: <K extends keyof F>(name: K, value: F[K]) => void;
  /** The rows that match, once the server has said. */
  total: number | undefined;
}

/** The rows of a list with its state and pages: what `<ConsoleList>` shows. */
export interface ListView<R> {
  state: ListState;
  rows: readonly R[];
  error: unknown;
  retry: () => void;
  /** Rows of the previous request are shown while the new ones are on their way. */
  refreshing: boolean;
  total: number | undefined;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
}

export interface ConsoleList<F, A, R> extends ListControls<F>, ListView<R> {
  /** The whole answer (a list's extra fields: the audit log's actions, a report's counts). */
  data: A | undefined;
  query: UseQueryResult<A>;
}

function pageOf(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/**
 * The search text as typed, and as settled in the URL's `q`. Typing changes only the box; once it
 * has rested for SEARCH_DELAY_MS the trimmed text goes to the URL. A URL changed otherwise (Back)
 * puts its text in the box.
 */
function useSearchText(q: string, toUrl: (q: string) => void) {
  const [text, setText] = useState(q);
  const settled = useDebounced(text.trim(), SEARCH_DELAY_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly settled text is written
  useEffect(() => {
    if (settled !== q) toUrl(settled);
  }, [settled]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a URL changed elsewhere is read
  useEffect(() => {
    if (q !== settled) setText(q);
  }, [q]);
  return [text, setText] as const;
}

/**
 * One paged console list: the URL's search text (`q`), filters and page (`page`) make the request
 * (`fetch`), asked again whenever one changes; the previous rows stay while the next arrive, a
 * page past the end goes to the last page, and every change but the page's own goes back to the
 * first. The URL is replaced, not pushed: Back leaves the section, and a reload or a link opens
 * the same rows.
 */
export function useConsoleList<A extends { pagination: Pagination }, R, F = Record<never, never>>(
  options: ConsoleListOptions<F, A, R>,
): ConsoleList<F, A, R> {
  const { family, pageSize } = options;
  const specs = (options.filters ?? {}) as ListFilters<F>;
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  const q = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const filters = {} as F;
  for (const name of Object.keys(specs) as (keyof F & string)[]) {
    filters[name] = specs[name].read(params.get(name));
  }
  const [searchText, setSearchText] = useSearchText(q, (text) => update({ q: text || null }));

  const request: ListRequest<F> = { page, pageSize, q: q || undefined, filters };
  const query = useQuery({
    queryKey: [...family, 'list', request],
    queryFn: ({ signal }) => options.fetch(request, signal),
    placeholderData: keepPreviousData,
  });
  const setPage = (p: number) => update({ page: p > 1 ? String(p) : null });
  const total = query.data?.pagination.totalCount;
  usePageClamp(page, pageSize, query.isPlaceholderData ? undefined : total, setPage);

  const rows = query.data ? options.rows(query.data) : [];
  const state: ListState = query.isError
    ? 'error'
    : query.data === undefined
      ? 'loading'
      : rows.length === 0
        ? 'empty'
        : 'rows';
  return {
    data: query.data,
    query,
    state,
    rows,
    error: query.error,
    retry: () => void query.refetch(),
    refreshing: query.isPlaceholderData,
    total,
    page,
    pageSize,
    setPage,
    searchText,
    setSearchText,
    filters,
    setFilter: (name, value) => update({ [String(name)]: specs[name].write(value) }),
  };
}
