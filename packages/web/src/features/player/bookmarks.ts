/**
 * Bookmarks of a signed-in account (docs/player.md, "Bookmarks"): read per track (the full player,
 * the seek bar's marks) or per work (the work page), added at the current time, removed; each
 * change refreshes both views.
 */
import type { Bookmark, EndpointBody } from '@sasayaki/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { isGuest, isLoggedIn, useAuth } from '../account/index.ts';

/** Whether the signed-in account keeps bookmarks (every account but the shared guest). */
export const useKeepsBookmarks = () => useAuth((s) => isLoggedIn(s) && !isGuest(s));

export function useTrackBookmarks(hash: string | undefined) {
  const enabled = useKeepsBookmarks() && !!hash;
  return useQuery({
    queryKey: queryKeys.bookmarks.track(hash),
    queryFn: ({ signal }) =>
      call('GET /api/bookmarks', { query: { track: hash } }, { signal, silent: true }).then(
        (r) => r.bookmarks,
      ),
    enabled,
    staleTime: 60_000,
  });
}

export function useWorkBookmarks(workId: number | null) {
  const enabled = useKeepsBookmarks() && workId !== null;
  return useQuery({
    queryKey: queryKeys.bookmarks.work(workId),
    queryFn: ({ signal }) =>
      call('GET /api/bookmarks', { query: { work_id: workId ?? 0 } }, { signal, silent: true }).then(
        (r) => r.bookmarks,
      ),
    enabled,
    staleTime: 60_000,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.bookmarks.all });
}

export function useAddBookmark() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: EndpointBody<'POST /api/bookmarks'>) =>
      call('POST /api/bookmarks', { body: input }).then((r) => r.bookmark),
    onSuccess: refresh,
  });
}

export function useRemoveBookmark() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (b: Bookmark) => call('DELETE /api/bookmarks/:id', { params: { id: b.id } }),
    onSuccess: refresh,
  });
}
