/**
 * The works list state kept in the URL query (docs/product.md §2.4): page, page size, display mode, sort,
 * keyword, subtitle-only and the random seed. Parsing is forgiving: anything unknown falls back
 * to the default.
 */
import { LIMITS, type SortDirection, type WorkOrder } from '@sasayaki/contract';

export const DISPLAY_MODES = ['detail', 'compact', 'list'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

/** Sort options of docs/product.md §9, in menu order; the default is create_date desc. */
export const SORT_OPTIONS: { order: WorkOrder; sort: SortDirection }[] = [
  { order: 'release', sort: 'desc' },
  { order: 'create_date', sort: 'desc' },
  { order: 'rating', sort: 'desc' },
  { order: 'release', sort: 'asc' },
  { order: 'dl_count', sort: 'desc' },
  { order: 'price', sort: 'asc' },
  { order: 'price', sort: 'desc' },
  { order: 'rate_average_2dp', sort: 'desc' },
  { order: 'review_count', sort: 'desc' },
  { order: 'id', sort: 'desc' },
  { order: 'id', sort: 'asc' },
  { order: 'nsfw', sort: 'asc' },
  { order: 'random', sort: 'desc' },
];
export const sortKey = (o: { order: string; sort: string }) => `${o.order}-${o.sort}`;
const DEFAULT_SORT = SORT_OPTIONS[1]!;

export interface ListState {
  keyword: string;
  page: number;
  pageSize: number;
  mode: DisplayMode;
  order: WorkOrder;
  sort: SortDirection;
  subtitle: boolean;
  seed: number;
}

export const randomSeed = (): number => Math.floor(Math.random() * (LIMITS.seedMax + 1));

function intOr(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return fallback;
  return Number(raw);
}

export function readListState(q: URLSearchParams): ListState {
  const page = Math.max(1, intOr(q.get('page'), 1));
  const size = intOr(q.get('pageSize'), LIMITS.pageSizeDefault);
  const rawMode = q.get('mode');
  const mode: DisplayMode =
    rawMode === 'thumbnail' || rawMode === 'compact-card'
      ? 'compact'
      : (DISPLAY_MODES as readonly string[]).includes(rawMode ?? '')
        ? (rawMode as DisplayMode)
        : 'detail';
  const sortOpt =
    SORT_OPTIONS.find((o) => o.order === q.get('order') && o.sort === (q.get('sort') ?? o.sort)) ??
    DEFAULT_SORT;
  return {
    keyword: q.get('keyword') ?? '',
    page,
    pageSize: (LIMITS.pageSizeOptions as readonly number[]).includes(size) ? size : LIMITS.pageSizeDefault,
    mode,
    order: sortOpt.order,
    sort: sortOpt.sort,
    subtitle: q.get('subtitle') === '1',
    seed: Math.min(LIMITS.seedMax, intOr(q.get('seed'), 0)),
  };
}

/** Only non-default values go in the URL, so a plain /works stays plain. */
export function writeListState(s: ListState): URLSearchParams {
  const q = new URLSearchParams();
  if (s.keyword) q.set('keyword', s.keyword);
  if (s.page !== 1) q.set('page', String(s.page));
  if (s.pageSize !== LIMITS.pageSizeDefault) q.set('pageSize', String(s.pageSize));
  if (s.mode !== 'detail') q.set('mode', s.mode);
  if (s.order !== DEFAULT_SORT.order || s.sort !== DEFAULT_SORT.sort) {
    q.set('order', s.order);
    q.set('sort', s.sort);
  }
  if (s.subtitle) q.set('subtitle', '1');
  if (s.seed !== 0) q.set('seed', String(s.seed));
  return q;
}

/**
 * Applies a change the way docs/product.md §4 says: a change of anything that filters (keyword, sort,
 * subtitle-only, page size) resets a stale page to 1; a change of sort renews the random seed.
 */
export function changeListState(s: ListState, patch: Partial<ListState>): ListState {
  const next = { ...s, ...patch };
  const filterChanged =
    next.keyword !== s.keyword ||
    next.order !== s.order ||
    next.sort !== s.sort ||
    next.subtitle !== s.subtitle ||
    next.pageSize !== s.pageSize;
  if (filterChanged && patch.page === undefined) next.page = 1;
  if ((next.order !== s.order || next.sort !== s.sort) && patch.seed === undefined) next.seed = randomSeed();
  return next;
}

/**
 * The list state in the address bar right now. Handlers build on this rather than on the state of
 * their render: a click may land while the previous navigation is still rendering.
 */
export function addressBarListState(): ListState {
  return readListState(new URLSearchParams(window.location.search));
}

/** Applies a change to the address bar's state and returns the new query (other parameters kept). */
export function nextListQuery(patch: Partial<ListState>): URLSearchParams {
  const q = new URLSearchParams(window.location.search);
  const next = writeListState(changeListState(addressBarListState(), patch));
  for (const key of ['keyword', 'page', 'pageSize', 'mode', 'order', 'sort', 'subtitle', 'seed'])
    q.delete(key);
  for (const [k, v] of next) q.set(k, v);
  return q;
}
