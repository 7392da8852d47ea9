import { LIMITS, type Pagination } from '@sasayaki/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export interface PlaylistExist {
  id: string;
  name: string;
  exist: boolean;
  works_count: number;
}

export function fetchPlaylistsWithWork(workId: number, page: number, signal?: AbortSignal) {
  return api.get<{ playlists: PlaylistExist[]; pagination: Pagination & { page?: number } }>(
    '/api/playlist/get-work-exist-status-in-my-playlists',
    { workID: workId, page, pageSize: LIMITS.playlistDropdownPageSize, version: 2 },
    { signal },
  );
}

export function setWorkInPlaylist(playlistId: string, workId: number, present: boolean) {
  return api.post<unknown>(
    present ? '/api/playlist/add-works-to-playlist' : '/api/playlist/remove-works-from-playlist',
    { id: playlistId, works: [workId] },
  );
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
