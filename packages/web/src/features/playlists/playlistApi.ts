/** The playlist calls of the playlist screens (the card's menu has its own in catalogue). */
import type { Pagination, Playlist, WorkList } from '@sasayaki/contract';
import { api } from '../../shared/api/client.ts';

export type PlaylistFilter = 'all' | 'created' | 'liked';

export interface PlaylistFields {
  name: string;
  privacy: number;
  description: string;
}

/** Some answers wrap the playlist in `data` or `playlist` (older clients' shapes). */
function unwrap(answer: unknown): Playlist {
  const a = answer as { data?: Playlist; playlist?: Playlist } & Playlist;
  return a.data ?? a.playlist ?? a;
}

export const fetchPlaylists = (
  filterBy: PlaylistFilter,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  api.get<{ playlists: Playlist[]; pagination: Pagination }>(
    '/api/playlist/get-playlists',
    { page, pageSize, filterBy },
    { signal },
  );

export const fetchPlaylist = async (id: string, signal?: AbortSignal) =>
  unwrap(await api.get('/api/playlist/get-playlist-metadata', { id }, { signal, silent: true }));

export const fetchPlaylistWorks = (
  id: string,
  page: number,
  pageSize: number,
  withPlaylistStatus: string[],
  signal?: AbortSignal,
) =>
  api.get<WorkList>(
    '/api/playlist/get-playlist-works',
    { id, page, pageSize, withPlaylistStatus },
    { signal },
  );

export const createPlaylist = async (fields: PlaylistFields & { locale: string; works: string[] }) =>
  unwrap(await api.post('/api/playlist/create-playlist', fields));

export const editPlaylist = async (id: string, fields: Partial<PlaylistFields>) =>
  unwrap(await api.post('/api/playlist/edit-playlist-metadata', { id, ...fields }));

export const deletePlaylist = (id: string) =>
  api.post<{ message: string }>('/api/playlist/delete-playlist', { id });

export const likePlaylist = (id: string, liked: boolean) =>
  api.post<{ message: string }>(
    liked ? '/api/playlist/like-playlist' : '/api/playlist/remove-like-playlist',
    { id },
  );
