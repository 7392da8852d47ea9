import type { EndpointBody } from '@sasayaki/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useLibrarySubtitledWorks } from '../../shared/library/workIds.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { isLoggedIn, useAuth } from '../account/index.ts';
import { keptWork } from '../offline/index.ts';

/** A kept work's JSON is answered by the service worker offline: its queries run without the network. */
const networkModeOf = (id: number | null) =>
  (id !== null && keptWork(id) ? 'always' : 'online') as 'always' | 'online';

/** Public metadata, replaced by /api/work/{id} (with the caller's own fields) for a logged-in user. */
export function useWork(id: number | null) {
  const loggedIn = useAuth(isLoggedIn);
  const info = useQuery({
    queryKey: queryKeys.workInfo.one(id),
    queryFn: ({ signal }) =>
      call('GET /api/workInfo/:id', { params: { id: String(id) } }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
    networkMode: networkModeOf(id),
  });
  const mine = useQuery({
    queryKey: queryKeys.work.one(id, useAuth.getState().user?.name),
    queryFn: ({ signal }) =>
      call('GET /api/work/:id', { params: { id: String(id) } }, { signal, silent: true }),
    enabled: id !== null && loggedIn,
    retry: false,
    networkMode: networkModeOf(id),
  });
  return {
    work: (loggedIn ? mine.data : undefined) ?? info.data,
    error: info.error,
    pending: info.isPending,
  };
}

export function useTracks(id: number | null) {
  return useQuery({
    queryKey: queryKeys.tracks(id),
    queryFn: ({ signal }) =>
      call(
        'GET /api/tracks/:id',
        { params: { id: String(id) }, query: { v: '1' } },
        { signal, silent: true },
      ),
    enabled: id !== null,
    retry: false,
    networkMode: networkModeOf(id),
  });
}

/** POST /api/recommender/item-neighbors: the similar-works swiper. */
export function useSimilarWorks(id: number | null, enabled: boolean) {
  const local = useLibrarySubtitledWorks(enabled) ?? [];
  const loggedIn = useAuth(isLoggedIn);
  const quickMark = useSettings((s) => s.quickMarkTargetPlaylist?.id ?? null);
  const withPlaylistStatus = loggedIn && quickMark !== null ? [quickMark] : [];
  return useQuery({
    queryKey: queryKeys.similar.of(id, withPlaylistStatus),
    queryFn: ({ signal }) =>
      call(
        'POST /api/recommender/item-neighbors',
        { body: { keyword: '', itemId: id as number, localSubtitledWorks: local, withPlaylistStatus } },
        { signal, silent: true },
      ),
    enabled: id !== null && enabled,
    retry: false,
  });
}

export const putReview = (body: EndpointBody<'PUT /api/review'>) => call('PUT /api/review', { body });
export const deleteReview = (workId: number) => call('DELETE /api/review', { query: { work_id: workId } });
export const voteTag = (body: EndpointBody<'POST /api/vote/vote-work-tag'>) =>
  call('POST /api/vote/vote-work-tag', { body });
export const attachTags = (workID: number, tagIDs: number[]) =>
  call('POST /api/vote/attach-tags-to-work', { body: { workID, tagIDs } });

export type { WorkReview } from '@sasayaki/contract';

export const WORK_REVIEWS_PAGE_SIZE = 10;

export const fetchWorkReviews = (workId: number, page: number, signal?: AbortSignal) =>
  call(
    'GET /api/review/of-work',
    { query: { work_id: workId, page, pageSize: WORK_REVIEWS_PAGE_SIZE } },
    { signal },
  );

/**
 * A page of what listeners wrote about a work. The first page is also what the work header
 * counts, so both say the same number and both follow a saved review (useReviewRefresh).
 */
export function useWorkReviews(workId: number, page = 1) {
  const loggedIn = useAuth(isLoggedIn);
  return useQuery({
    // The login state is part of the key: it decides which review is marked as mine.
    queryKey: queryKeys.workReviews.page(workId, page, loggedIn),
    queryFn: ({ signal }) => fetchWorkReviews(workId, page, signal),
    placeholderData: keepPreviousData,
  });
}
