import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSettings } from '../../shared/settings/store.ts';
import { useDebounced } from '../../shared/ui/useDebounced.ts';
import { isLoggedIn, useAuth } from '../account/index.ts';
import { withGlobalFilter } from '../search/index.ts';
import { fetchWorks, type WorkQuery, type WorkSource } from './fetchWorks.ts';
import type { ListState } from './urlState.ts';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The works of a list. Everything docs/product.md §4 lists as a reload reason is part of the query key
 * (sort, subtitle-only, page, size, keyword, global filter, login, local subtitles, quick-mark
 * playlist); the key settles for 100 ms before a request; react-query aborts the superseded one.
 */
export function useWorkList(source: WorkSource, s: ListState, enabled = true) {
  const globalFilter = useSettings((x) => x.globalFilter);
  const localSubtitledWorks = useSettings((x) => x.localSubtitledWorks);
  const quickMark = useSettings((x) => x.quickMarkTargetPlaylist?.id ?? null);
  const recommenderUuid = useSettings((x) => x.recommenderUuid);
  const loggedIn = useAuth(isLoggedIn);
  const userName = useAuth((x) => x.user?.name ?? null);
  const query: WorkQuery & { user: string | null; quickMark: string | null } = {
    source,
    keyword: withGlobalFilter(s.keyword, globalFilter),
    page: s.page,
    pageSize: s.pageSize,
    order: s.order,
    sort: s.sort,
    seed: s.seed,
    subtitle: s.subtitle,
    localSubtitledWorks: s.subtitle ? localSubtitledWorks : [],
    withPlaylistStatus: loggedIn && quickMark !== null ? [quickMark] : [],
    recommenderUuid,
    user: loggedIn ? userName : null,
    quickMark,
  };
  const settled = useDebounced(query, 100, sameJson);
  return useQuery({
    queryKey: ['works', settled],
    queryFn: ({ signal }) => fetchWorks(settled, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
