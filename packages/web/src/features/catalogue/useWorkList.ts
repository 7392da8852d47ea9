import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useLibrarySubtitledWorks } from '../../shared/library/workIds.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { useDebounced } from '../../shared/ui/useDebounced.ts';
import { isLoggedIn, useAuth } from '../account/index.ts';
import { withGlobalFilter } from '../search/index.ts';
import { fetchWorks, type WorkQuery, type WorkSource } from './fetchWorks.ts';
import type { ListState } from './urlState.ts';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** One empty list for every request without local subtitles, so its identity never changes. */
const NO_WORKS: number[] = [];

/**
 * The works of a list. Everything docs/product.md §4 lists as a reload reason is part of the query key
 * (sort, subtitle-only, page, size, keyword, global filter, login, local subtitles, quick-mark
 * playlist); the key settles for 100 ms before a request; react-query aborts the superseded one.
 */
export function useWorkList(source: WorkSource, s: ListState, enabled = true) {
  const globalFilter = useSettings((x) => x.globalFilter);
  // Only the local subtitles' works the library has: an archive may name many more.
  const localSubtitledWorks = useLibrarySubtitledWorks(enabled && s.subtitle);
  const quickMark = useSettings((x) => x.quickMarkTargetPlaylist?.id ?? null);
  const recommenderUuid = useSettings((x) => x.recommenderUuid);
  const loggedIn = useAuth(isLoggedIn);
  const userName = useAuth((x) => x.user?.name ?? null);
  // The ids change only when an import, a deletion or the library's list changes them,
  // and the query object is rebuilt only when one of its parts changes, so a re-render of the
  // page neither restarts the 100 ms settling nor builds a new key.
  const local = s.subtitle ? (localSubtitledWorks ?? NO_WORKS) : NO_WORKS;
  const matching = s.subtitle && localSubtitledWorks === null;
  const keyword = withGlobalFilter(s.keyword, globalFilter);
  const withPlaylistStatus = useMemo(
    () => (loggedIn && quickMark !== null ? [quickMark] : []),
    [loggedIn, quickMark],
  );
  const user = loggedIn ? userName : null;
  const query = useMemo<WorkQuery & { user: string | null; quickMark: string | null; matching: boolean }>(
    () => ({
      source,
      keyword,
      page: s.page,
      pageSize: s.pageSize,
      order: s.order,
      sort: s.sort,
      seed: s.seed,
      subtitle: s.subtitle,
      localSubtitledWorks: local,
      withPlaylistStatus,
      recommenderUuid,
      user,
      quickMark,
      matching,
    }),
    [
      source,
      keyword,
      s.page,
      s.pageSize,
      s.order,
      s.sort,
      s.seed,
      s.subtitle,
      local,
      withPlaylistStatus,
      recommenderUuid,
      user,
      quickMark,
      matching,
    ],
  );
  const settled = useDebounced(query, 100, sameJson);
  return useQuery({
    queryKey: queryKeys.works.list(settled),
    queryFn: ({ signal }) => fetchWorks(settled, signal),
    placeholderData: keepPreviousData,
    // With 'subtitle only', the request waits for the library's list to match the local ids.
    enabled: enabled && !settled.matching,
  });
}
