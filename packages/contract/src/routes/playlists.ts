/**
 * Playlists: POST with `{id, …}` for changes, GET with query parameters for reads. Ids are UUID
 * strings.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { MessageBody, Pagination, Playlist, WorkList } from '../api.ts';
import { LIMITS, PLAYLIST_PRIVACY, WORK_ORDERS } from '../constants.ts';
import { defineRoute } from './define.ts';
import {
  Flag,
  IntegerEnum,
  PageQuery,
  PlaylistId,
  Refusals,
  Seed,
  SortDirection,
  Str,
  StringEnum,
  WithPlaylistStatus,
  WorkIdInput,
} from './fields.ts';

/** One of the caller's playlists, with whether it holds the work asked about. */
export const PlaylistExist = Type.Object({
  id: Type.String(),
  name: Type.String(),
  exist: Type.Boolean(),
  works_count: Type.Integer(),
  privacy: Type.Integer(),
  is_system: Type.Boolean(),
});
export type PlaylistExist = Static<typeof PlaylistExist>;

export const PLAYLIST_FILTERS = ['all', 'created', 'liked', 'public'] as const;
export type PlaylistFilter = (typeof PLAYLIST_FILTERS)[number];
/** Orders of the playlist list: most recently changed (default) or most liked. */
export const PLAYLIST_ORDERS = ['recent', 'likes'] as const;
export type PlaylistOrder = (typeof PLAYLIST_ORDERS)[number];

const Works = Type.Array(WorkIdInput, {
  // The schema lets a large list through so the answer is the server's clear 413.
  maxItems: 20_000,
  description: `work ids or codes; duplicates ignored; at most ${LIMITS.playlistWorksPerRequest} per request and ${LIMITS.playlistWorks} per playlist (413)`,
});
const Meta = {
  privacy: Type.Optional(
    IntegerEnum(Object.values(PLAYLIST_PRIVACY), {
      description: '0 private (default), 1 unlisted, 2 public',
    }),
  ),
  locale: Type.Optional(Str(20)),
  description: Type.Optional(Str(LIMITS.playlistDescription)),
};
/** A playlist name, at most LIMITS.playlistName characters (surrounding spaces count). */
const PlaylistName = Str(LIMITS.playlistName);
const ById = Type.Object({ id: PlaylistId });
const PlaylistList = Type.Object({ playlists: Type.Array(Playlist), pagination: Pagination });
const WorksCount = Type.Object({ message: Type.String(), count: Type.Integer() });

export const playlists = {
  create: defineRoute({
    method: 'POST',
    path: '/api/playlist/create-playlist',
    tags: ['playlists'],
    summary: 'Create a playlist (private by default); `works` from the import box, unknown works skipped',
    description: `Name 1–${LIMITS.playlistName} characters, description ≤ ${LIMITS.playlistDescription}. Names with the reserved system prefix answer 403 \`cannot create or delete system playlist\`; guests get 403 \`guest cannot create playlist\`.`,
    bearer: true,
    body: Type.Object({ name: PlaylistName, ...Meta, works: Type.Optional(Works) }),
    response: { 200: Playlist, ...Refusals },
  }),
  edit: defineRoute({
    method: 'POST',
    path: '/api/playlist/edit-playlist-metadata',
    tags: ['playlists'],
    summary: 'Change name, privacy, locale or description (owner only; system playlists keep their name)',
    bearer: true,
    body: Type.Object({ id: PlaylistId, name: Type.Optional(PlaylistName), ...Meta }),
    response: { 200: Playlist, ...Refusals },
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/playlist/delete-playlist',
    tags: ['playlists'],
    summary: 'Delete a playlist (owner only; system playlists cannot be deleted)',
    bearer: true,
    body: ById,
    response: { 200: MessageBody, ...Refusals },
  }),
  like: defineRoute({
    method: 'POST',
    path: '/api/playlist/like-playlist',
    tags: ['playlists'],
    summary: 'Like a playlist of another user (unlisted or public); `cannot like own playlist`',
    bearer: true,
    body: ById,
    response: { 200: MessageBody, ...Refusals },
  }),
  unlike: defineRoute({
    method: 'POST',
    path: '/api/playlist/remove-like-playlist',
    tags: ['playlists'],
    summary: 'Remove the like of a playlist',
    bearer: true,
    body: ById,
    response: { 200: MessageBody, ...Refusals },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/playlist/get-playlists',
    tags: ['playlists'],
    summary:
      'The caller’s playlists: all (created + liked), created, liked; or public (everyone’s, no login needed)',
    bearer: true,
    description:
      '`q` keeps playlists whose name, description or owner contains the text; `order` is `recent` (most recently changed, the default) or `likes` (most liked first). System playlists come first in the caller’s own lists.',
    querystring: Type.Object({
      ...PageQuery,
      filterBy: Type.Optional(StringEnum(PLAYLIST_FILTERS)),
      q: Type.Optional(Str(LIMITS.playlistName, { description: 'text in the name, description or owner' })),
      order: Type.Optional(StringEnum(PLAYLIST_ORDERS)),
    }),
    response: { 200: PlaylistList, ...Refusals },
  }),
  one: defineRoute({
    method: 'GET',
    path: '/api/playlist/get-playlist-metadata',
    tags: ['playlists'],
    summary: 'One playlist: name, user_name, privacy, description, counts (private: owner only)',
    querystring: ById,
    response: { 200: Playlist, ...Refusals },
  }),
  works: defineRoute({
    method: 'GET',
    path: '/api/playlist/get-playlist-works',
    tags: ['playlists'],
    summary: 'Works of a playlist, newest addition first unless `order` is given',
    querystring: Type.Object({
      id: PlaylistId,
      ...PageQuery,
      order: Type.Optional(StringEnum(WORK_ORDERS)),
      sort: Type.Optional(SortDirection),
      seed: Type.Optional(Seed),
      subtitle: Type.Optional(Flag('1 (or true): only works with subtitles')),
      withPlaylistStatus: Type.Optional(WithPlaylistStatus),
    }),
    response: { 200: WorkList, ...Refusals },
  }),
  addWorks: defineRoute({
    method: 'POST',
    path: '/api/playlist/add-works-to-playlist',
    tags: ['playlists'],
    summary: 'Add works to an own playlist (duplicates ignored; unknown works 404)',
    bearer: true,
    body: Type.Object({ id: PlaylistId, works: Works }),
    response: { 200: WorksCount, ...Refusals },
  }),
  removeWorks: defineRoute({
    method: 'POST',
    path: '/api/playlist/remove-works-from-playlist',
    tags: ['playlists'],
    summary: 'Remove works from an own playlist',
    bearer: true,
    body: Type.Object({ id: PlaylistId, works: Works }),
    response: { 200: WorksCount, ...Refusals },
  }),
  markTarget: defineRoute({
    method: 'GET',
    path: '/api/playlist/get-default-mark-target-playlist',
    tags: ['playlists'],
    summary: 'The caller’s Marked system playlist (created on first use): the quick-mark target',
    bearer: true,
    response: { 200: Playlist, ...Refusals },
  }),
  withWork: defineRoute({
    method: 'GET',
    path: '/api/playlist/get-work-exist-status-in-my-playlists',
    tags: ['playlists'],
    summary: 'The caller’s own playlists (Marked, Liked, then newest) with whether each holds the work',
    description: 'Page size 12 by default (the card dropdown). `version` 1 and 2 answer the same shape.',
    bearer: true,
    querystring: Type.Object({
      workID: WorkIdInput,
      ...PageQuery,
      version: Type.Optional(IntegerEnum([1, 2])),
    }),
    response: {
      200: Type.Object({
        playlists: Type.Array(PlaylistExist),
        pagination: Type.Object({ page: Type.Integer(), ...Pagination.properties }),
      }),
      ...Refusals,
    },
  }),
};
