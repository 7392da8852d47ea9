import type { Pagination, TrackNode, Work, WorkList } from '@sasayaki/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { isLoggedIn, useAuth } from '../account/index.ts';

/** Public metadata, replaced by /api/work/{id} (with the caller's own fields) for a logged-in user. */
export function useWork(id: number | null) {
  const loggedIn = useAuth(isLoggedIn);
  const info = useQuery({
    queryKey: ['workInfo', id],
    queryFn: ({ signal }) => api.get<Work>(`/api/workInfo/${id}`, undefined, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });
  const mine = useQuery({
    queryKey: ['work', id, useAuth.getState().user?.name],
    queryFn: ({ signal }) => api.get<Work>(`/api/work/${id}`, undefined, { signal, silent: true }),
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
    queryFn: ({ signal }) => api.get<TrackNode[]>(`/api/tracks/${id}`, { v: 1 }, { signal, silent: true }),
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
      api.post<WorkList>(
        '/api/recommender/item-neighbors',
        { keyword: '', itemId: id, localSubtitledWorks: local, withPlaylistStatus },
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

export const putReview = (body: ReviewBody) => api.put<{ message: string }>('/api/review', body);
export const deleteReview = (workId: number) =>
  api.del<{ message: string }>('/api/review', { work_id: workId });
export const voteTag = (workID: number, tagID: number, status: number) =>
  api.post<unknown>('/api/vote/vote-work-tag', { workID, tagID, status });
export const attachTags = (workID: number, tagIDs: number[]) =>
  api.post<unknown>('/api/vote/attach-tags-to-work', { workID, tagIDs });

export interface WorkReview {
  userName: string;
  rating: number | null;
  review_text: string | null;
  updatedAt: number;
  mine: boolean;
}

export const WORK_REVIEWS_PAGE_SIZE = 10;

export const fetchWorkReviews = (workId: number, page: number, signal?: AbortSignal) =>
  api.get<{ reviews: WorkReview[]; pagination: Pagination }>(
    '/api/review/of-work',
    { work_id: workId, page, pageSize: WORK_REVIEWS_PAGE_SIZE },
    { signal },
  );
