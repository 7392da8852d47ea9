/** The playlist calls of the playlist screens (the card's menu has its own in catalogue). */
import { PLAYLIST_ORDERS, type Playlist, type PlaylistOrder } from '@sasayaki/contract';
import { call } from '../../shared/api/client.ts';

export type PlaylistFilter = 'all' | 'created' | 'liked';

export interface PlaylistFields {
  name: string;
  privacy: number;
  description: string;
}

/** The privacy choices of the dialog are PLAYLIST_PRIVACY's values. */
const privacyOf = (privacy: number) => privacy as 0 | 1 | 2;

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
) => call('GET /api/playlist/get-playlists', { query: { page, pageSize, filterBy } }, { signal });

export { PLAYLIST_ORDERS, type PlaylistOrder };

/** Everyone's public playlists (Discover), for visitors too. */
export const fetchPublicPlaylists = (
  { q, order, page, pageSize }: { q: string; order: PlaylistOrder; page: number; pageSize: number },
  signal?: AbortSignal,
) =>
  call(
    'GET /api/playlist/get-playlists',
    { query: { filterBy: 'public', page, pageSize, order, ...(q ? { q } : {}) } },
    { signal },
  );

export const fetchPlaylist = async (id: string, signal?: AbortSignal) =>
  unwrap(await call('GET /api/playlist/get-playlist-metadata', { query: { id } }, { signal, silent: true }));

export const fetchPlaylistWorks = (
  id: string,
  page: number,
  pageSize: number,
  withPlaylistStatus: string[],
  signal?: AbortSignal,
) =>
  call(
    'GET /api/playlist/get-playlist-works',
    { query: { id, page, pageSize, withPlaylistStatus } },
    { signal },
  );

export const createPlaylist = async (fields: PlaylistFields & { locale: string; works: string[] }) =>
  unwrap(
    await call('POST /api/playlist/create-playlist', {
      body: { ...fields, privacy: privacyOf(fields.privacy) },
    }),
  );

export const editPlaylist = async (id: string, fields: Partial<PlaylistFields>) =>
  unwrap(
    await call('POST /api/playlist/edit-playlist-metadata', {
      body: { id, ...fields, privacy: fields.privacy === undefined ? undefined : privacyOf(fields.privacy) },
    }),
  );

export const deletePlaylist = (id: string) => call('POST /api/playlist/delete-playlist', { body: { id } });

export const likePlaylist = (id: string, liked: boolean) =>
  liked
    ? call('POST /api/playlist/like-playlist', { body: { id } })
    : call('POST /api/playlist/remove-like-playlist', { body: { id } });
