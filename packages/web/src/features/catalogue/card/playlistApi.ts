import { LIMITS } from '@sasayaki/contract';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

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
      'works',
      'similar',
      'reviews',
      'playlists-with-work',
      'playlist-works',
      'playlists',
      'playlist-meta',
    ].map((k) => queryClient.invalidateQueries({ queryKey: [k] })),
  );
}
