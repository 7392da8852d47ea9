/** The request of each works list (docs/product.md §7.2), chosen from the list state and the settings. */
import { LIMITS, type SortDirection, type WorkList, type WorkOrder } from '@sasayaki/contract';
import { call } from '../../shared/api/client.ts';

export type WorkSource = 'works' | 'popular' | 'recommend';

export interface WorkQuery {
  source: WorkSource;
  /** Keyword with the global filter already applied. */
  keyword: string;
  page: number;
  pageSize: number;
  order: WorkOrder;
  sort: SortDirection;
  seed: number;
  subtitle: boolean;
  localSubtitledWorks: number[];
  /** Playlist ids whose membership each work reports (the quick-mark target), or none. */
  withPlaylistStatus: string[];
  recommenderUuid: string;
}

export function fetchWorks(q: WorkQuery, signal?: AbortSignal): Promise<WorkList> {
  const subtitle = q.subtitle ? (1 as const) : (0 as const);
  const local = q.subtitle ? q.localSubtitledWorks : [];
  const common = { page: q.page, pageSize: q.pageSize, subtitle, withPlaylistStatus: q.withPlaylistStatus };
  const opts = { signal };
  if (q.source === 'popular') {
    return call(
      'POST /api/recommender/popular',
      { body: { keyword: q.keyword, ...common, localSubtitledWorks: local } },
      opts,
    );
  }
  if (q.source === 'recommend') {
    const body = {
      keyword: q.keyword,
      recommenderUuid: q.recommenderUuid,
      ...common,
      localSubtitledWorks: local,
    };
    return call('POST /api/recommender/recommend-for-user', { body }, opts);
  }
  const params = { order: q.order, sort: q.sort, seed: q.seed, ...common };
  if (q.keyword === '') {
    return local.length > 0
      ? call('POST /api/works', { body: { ...params, localSubtitledWorks: local } }, opts)
      : call('GET /api/works', { query: params }, opts);
  }
  const search = { ...params, includeTranslationWorks: true };
  if (q.keyword.length > LIMITS.keywordGetMax || local.length > 0) {
    const body = { keyword: q.keyword, ...search, localSubtitledWorks: local };
    return call('POST /api/search/', { body }, opts);
  }
  return call('GET /api/search/:keyword', { params: { keyword: q.keyword }, query: search }, opts);
}
