/** The request of each works list (docs/product.md §7.2), chosen from the list state and the settings. */
import { LIMITS, type WorkList } from '@sasayaki/contract';
import { api } from '../../shared/api/client.ts';

export type WorkSource = 'works' | 'popular' | 'recommend';

export interface WorkQuery {
  source: WorkSource;
  /** Keyword with the global filter already applied. */
  keyword: string;
  page: number;
  pageSize: number;
  order: string;
  sort: string;
  seed: number;
  subtitle: boolean;
  localSubtitledWorks: number[];
  /** Playlist ids whose membership each work reports (the quick-mark target), or none. */
  withPlaylistStatus: string[];
  recommenderUuid: string;
}

export function fetchWorks(q: WorkQuery, signal?: AbortSignal): Promise<WorkList> {
  const subtitle = q.subtitle ? 1 : 0;
  const local = q.subtitle ? q.localSubtitledWorks : [];
  const common = { page: q.page, pageSize: q.pageSize, subtitle, withPlaylistStatus: q.withPlaylistStatus };
  const opts = { signal };
  if (q.source === 'popular') {
    return api.post(
      '/api/recommender/popular',
      { keyword: q.keyword, ...common, localSubtitledWorks: local },
      opts,
    );
  }
  if (q.source === 'recommend') {
    return api.post(
      '/api/recommender/recommend-for-user',
      { keyword: q.keyword, recommenderUuid: q.recommenderUuid, ...common, localSubtitledWorks: local },
      opts,
    );
  }
  const params = { order: q.order, sort: q.sort, seed: q.seed, ...common };
  if (q.keyword === '') {
    return local.length > 0
      ? api.post('/api/works', { ...params, localSubtitledWorks: local }, opts)
      : api.get('/api/works', params, opts);
  }
  const search = { ...params, includeTranslationWorks: true };
  if (q.keyword.length > LIMITS.keywordGetMax || local.length > 0) {
    return api.post('/api/search/', { keyword: q.keyword, ...search, localSubtitledWorks: local }, opts);
  }
  return api.get(`/api/search/${encodeURIComponent(q.keyword)}`, search, opts);
}
