import type { Progress } from '@sasayaki/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { isLoggedIn, useAuth } from '../account/index.ts';

/** Public metadata, replaced by /api/work/{id} (with the caller's own fields) for a logged-in user. */
export function useWork(id: number | null) {
  const loggedIn = useAuth(isLoggedIn);
  const info = useQuery({
    queryKey: ['workInfo', id],
    queryFn: ({ signal }) =>
      call('GET /api/workInfo/:id', { params: { id: String(id) } }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });
  const mine = useQuery({
    queryKey: ['work', id, useAuth.getState().user?.name],
    queryFn: ({ signal }) =>
      call('GET /api/work/:id', { params: { id: String(id) } }, { signal, silent: true }),
    enabled: id !== null && loggedIn,
    retry: false,
  });
  return {
    work: (loggedIn ? mine.data : undefined) ?? info.data,
    error: info.error,
    pending: info.isPending,
  };
}

export function useTracks(id: number | null) {
  return useQuery({
    queryKey: ['tracks', id],
    queryFn: ({ signal }) =>
      call(
        'GET /api/tracks/:id',
        { params: { id: String(id) }, query: { v: '1' } },
        { signal, silent: true },
      ),
    enabled: id !== null,
    retry: false,
  });
}

/** POST /api/recommender/item-neighbors: the similar-works swiper. */
export function useSimilarWorks(id: number | null, enabled: boolean) {
  const local = useSettings((s) => s.localSubtitledWorks);
  const loggedIn = useAuth(isLoggedIn);
  const quickMark = useSettings((s) => s.quickMarkTargetPlaylist?.id ?? null);
  const withPlaylistStatus = loggedIn && quickMark !== null ? [quickMark] : [];
  return useQuery({
    queryKey: ['similar', id, withPlaylistStatus],
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
