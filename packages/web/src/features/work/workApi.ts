import type { Progress } from '@sasayaki/contract';
import { useQuery } from '@tanstack/react-query';
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

export interface ReviewBody {
  work_id: number;
  rating: number | null;
  review_text: string | null;
  progress: string | null;
}

// The progress comes from the dialog's choices (PROGRESS_VALUES); the server refuses any other.
export const putReview = (body: ReviewBody) =>
  call('PUT /api/review', { body: { ...body, progress: body.progress as Progress | null } });
export const deleteReview = (workId: number) => call('DELETE /api/review', { query: { work_id: workId } });
export const voteTag = (workID: number, tagID: number, status: number) =>
  call('POST /api/vote/vote-work-tag', { body: { workID, tagID, status: status as 0 | 1 | 2 } });
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
