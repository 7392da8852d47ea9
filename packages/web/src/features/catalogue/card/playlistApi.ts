import { LIMITS } from '@sasayaki/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/queryKeys.ts';

export type { PlaylistExist } from '@sasayaki/contract';

export function fetchPlaylistsWithWork(workId: number, page: number, signal?: AbortSignal) {
  return call(
    'GET /api/playlist/get-work-exist-status-in-my-playlists',
    { query: { workID: workId, page, pageSize: LIMITS.playlistDropdownPageSize, version: 2 } },
    { signal },
  );
}

export function setWorkInPlaylist(playlistId: string, workId: number, present: boolean) {
  const body = { id: playlistId, works: [workId] };
  return present
    ? call('POST /api/playlist/add-works-to-playlist', { body })
    : call('POST /api/playlist/remove-works-from-playlist', { body });
}

/**
 * After a work joins or leaves a playlist, every view that shows it is re-read: works lists (their
 * quick-mark state), the menus' checks and counts, the playlist pages and lists.
 */
export function refreshPlaylistViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      queryKeys.works.all,
      queryKeys.similar.all,
      queryKeys.reviews.all,
      queryKeys.playlistsWithWork.all,
      queryKeys.playlistWorks.all,
      queryKeys.playlists.all,
      queryKeys.playlistMeta.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export interface MembershipChange {
  playlistId: string;
  workId: number;
  /** Whether the work is to be in the playlist afterwards. */
  present: boolean;
  /** Shows a state at once: the new one when the change starts, the old one again if it fails. */
  show?: (present: boolean) => void;
}

/**
 * The one way a work joins or leaves a playlist (the quick-mark button, the add-to-playlist
 * menu): optimistic through `show`, reverted when the server refuses (the API client has shown its
 * message), and every view of playlist membership re-read afterwards, however it ended.
 */
export function usePlaylistMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, workId, present }: MembershipChange) =>
      setWorkInPlaylist(playlistId, workId, present),
    onMutate: (change) => change.show?.(change.present),
    onError: (_error, change) => change.show?.(!change.present),
    onSettled: () => {
      void refreshPlaylistViews(queryClient);
    },
  });
}
