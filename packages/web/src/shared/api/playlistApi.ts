/**
 * The playlist calls (contract: routes/playlists.ts): the playlist screens' reads and changes, and
 * the one way a work joins or leaves a playlist (the card's quick-mark button and its
 * add-to-playlist menu). Inputs and answers are the route table's types.
 */
import {
  type EndpointBody,
  LIMITS,
  type Playlist,
  type PlaylistFilter,
  type PlaylistOrder,
} from '@sasayaki/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export type { PlaylistExist, PlaylistFilter, PlaylistOrder } from '@sasayaki/contract';

type CreateBody = EndpointBody<'POST /api/playlist/create-playlist'>;
type EditBody = EndpointBody<'POST /api/playlist/edit-playlist-metadata'>;

/** What the playlist dialog edits. */
export type PlaylistFields = Required<Pick<CreateBody, 'name' | 'privacy' | 'description'>>;

/** Some answers wrap the playlist in `data` or `playlist` (older clients' shapes). */
function unwrap(answer: unknown): Playlist {
  const a = answer as { data?: Playlist; playlist?: Playlist } & Playlist;
  return a.data ?? a.playlist ?? a;
}

/** The caller's own playlists: all, created or liked. */
export const fetchPlaylists = (
  filterBy: PlaylistFilter,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) => call('GET /api/playlist/get-playlists', { query: { page, pageSize, filterBy } }, { signal });

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

export const createPlaylist = async (body: CreateBody) =>
  unwrap(await call('POST /api/playlist/create-playlist', { body }));

export const editPlaylist = async (id: string, fields: Omit<EditBody, 'id'>) =>
  unwrap(await call('POST /api/playlist/edit-playlist-metadata', { body: { id, ...fields } }));

export const deletePlaylist = (id: string) => call('POST /api/playlist/delete-playlist', { body: { id } });

export const likePlaylist = (id: string, liked: boolean) =>
  liked
    ? call('POST /api/playlist/like-playlist', { body: { id } })
    : call('POST /api/playlist/remove-like-playlist', { body: { id } });

/** The caller's own playlists, a dropdown's page at a time, with whether each holds the work. */
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
