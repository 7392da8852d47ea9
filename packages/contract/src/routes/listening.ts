/**
 * Listening state per account (docs/player.md, "Listening state"): positions in tracks, the play
 * queue, history and bookmarks. Every write carries the client's clock (`at`, ms since the epoch)
 * and the later one wins, so a device that was offline can send what it did in any order.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { Pagination, Work } from '../api.ts';
import { LISTENING_LIMITS as L, TRACK_HASH_PATTERN } from '../listening.ts';
import { defineRoute } from './define.ts';
import { OrNull, PageQuery, Refusals, RowId, Str, WorkIdInput } from './fields.ts';

export const TrackHash = Str(24, {
  pattern: TRACK_HASH_PATTERN,
  description: 'track hash {workId}/{fileId}',
});
const Seconds = Type.Number({ minimum: 0, maximum: L.secondsMax, description: 'seconds' });
const ClientTime = Type.Integer({
  minimum: 0,
  maximum: 8_640_000_000_000_000,
  description:
    'when it happened, ms since the epoch by the client’s clock (a time ahead of the server’s counts as now)',
});
const DeviceName = Str(L.deviceNameMax, { description: 'shown as “continue from …”' });
const DeviceId = Str(L.deviceIdMax, {
  description: 'a random id the device keeps, to tell itself from others',
});

/** A position in a track, as a device reports it. */
export const PositionInput = Type.Object({
  track: TrackHash,
  position: Seconds,
  duration: Type.Optional(Seconds),
  at: ClientTime,
});
export type PositionInput = Static<typeof PositionInput>;

/** The position kept for a track. */
export const TrackPosition = Type.Object({
  track: Type.String(),
  workId: Type.Integer(),
  position: Type.Number(),
  duration: OrNull(Type.Number()),
  device: Type.String(),
  updatedAt: Type.Integer(),
});
export type TrackPosition = Static<typeof TrackPosition>;

const PositionsBody = Type.Object({
  positions: Type.Array(PositionInput, { minItems: 1, maxItems: L.batchMax }),
  device: Type.Optional(DeviceName),
  /** false: only the positions (e.g. positions merged at sign-in), no history entries. */
  history: Type.Optional(Type.Boolean({ description: 'also record history entries (default true)' })),
});

/** How many items of a batch were kept, and how many lost to a later write or an unknown track. */
export const BatchResult = Type.Object({ saved: Type.Integer(), ignored: Type.Integer() });
export type BatchResult = Static<typeof BatchResult>;

export const QueueInput = Type.Object({
  tracks: Type.Array(TrackHash, { maxItems: L.queueTracksMax }),
  currentIndex: Type.Integer({ minimum: 0, maximum: L.queueTracksMax }),
  position: Seconds,
  device: DeviceName,
  deviceId: DeviceId,
  at: ClientTime,
});
export type QueueInput = Static<typeof QueueInput>;

/** A queued track with what a "continue from …" offer shows of it. */
export const QueuedTrack = Type.Object({
  track: Type.String(),
  workId: Type.Integer(),
  title: Type.String(),
  workTitle: Type.String(),
  duration: OrNull(Type.Number()),
});
export type QueuedTrack = Static<typeof QueuedTrack>;

/** The saved queue; tracks whose files left the library are left out (the index follows). */
export const PlayQueue = Type.Object({
  tracks: Type.Array(QueuedTrack),
  currentIndex: Type.Integer(),
  position: Type.Number(),
  device: Type.String(),
  deviceId: Type.String(),
  updatedAt: Type.Integer(),
});
export type PlayQueue = Static<typeof PlayQueue>;

export const HistoryInput = Type.Object({
  track: TrackHash,
  position: Seconds,
  duration: Type.Optional(Seconds),
  at: ClientTime,
});
export type HistoryInput = Static<typeof HistoryInput>;

export const HistoryTrack = Type.Object({
  track: Type.String(),
  title: Type.String(),
  position: Type.Number({ description: 'how far, in seconds' }),
  duration: OrNull(Type.Number()),
  playedAt: Type.Integer(),
});
export type HistoryTrack = Static<typeof HistoryTrack>;

/** A work in the history: when it was last played, and its tracks, most recent first. */
export const HistoryWork = Type.Object({
  work: Work,
  playedAt: Type.Integer(),
  tracks: Type.Array(HistoryTrack),
});
export type HistoryWork = Static<typeof HistoryWork>;

/** An unfinished track of a recently played work. */
export const ContinueItem = Type.Object({
  work: Work,
  track: Type.String(),
  title: Type.String(),
  position: Type.Number(),
  duration: OrNull(Type.Number()),
  playedAt: Type.Integer(),
});
export type ContinueItem = Static<typeof ContinueItem>;

export const ListeningSettings = Type.Object({
  recordHistory: Type.Boolean({ description: 'false pauses history recording (positions are still kept)' }),
});
export type ListeningSettings = Static<typeof ListeningSettings>;

export const Bookmark = Type.Object({
  id: Type.Integer(),
  track: Type.String(),
  workId: Type.Integer(),
  title: Type.String({ description: 'the track’s file name' }),
  position: Type.Number(),
  note: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Bookmark = Static<typeof Bookmark>;

const BookmarkNote = Str(L.bookmarkNoteMax);

const ACCOUNT = 'Signed-in accounts other than the shared guest.';

export const listening = {
  positions: defineRoute({
    method: 'GET',
    path: '/api/listening/positions',
    tags: ['listening'],
    summary: 'Kept positions of the tracks of a work, or of listed tracks',
    description: `${ACCOUNT} Give \`work_id\` or \`tracks\` (comma-separated hashes, at most ${L.tracksQueryMax}).`,
    bearer: true,
    querystring: Type.Object({
      work_id: Type.Optional(WorkIdInput),
      tracks: Type.Optional(Str(L.tracksQueryMax * 25)),
    }),
    response: { 200: Type.Object({ positions: Type.Array(TrackPosition) }), ...Refusals },
  }),
  savePositions: defineRoute({
    method: 'PUT',
    path: '/api/listening/positions',
    tags: ['listening'],
    summary: 'Save positions in tracks (one, or a batch made offline); the later `at` wins',
    description: `${ACCOUNT} Each also records a history entry unless \`history\` is false or recording is paused. Unknown tracks and positions older than the kept one are counted in \`ignored\`.`,
    bearer: true,
    body: PositionsBody,
    response: { 200: BatchResult, ...Refusals },
  }),
  beacon: defineRoute({
    method: 'POST',
    path: '/api/listening/beacon',
    tags: ['listening'],
    summary: 'Save positions and the queue as a page closes (navigator.sendBeacon)',
    description:
      'A beacon cannot send headers, so the session token travels in the body, which is JSON sent as `text/plain` (what `sendBeacon` sends for a string). Never a cookie: a page of another site cannot read the token, so it cannot forge this request.',
    body: Type.Object({
      token: Str(4096),
      device: Type.Optional(DeviceName),
      positions: Type.Optional(Type.Array(PositionInput, { maxItems: L.batchMax })),
      queue: Type.Optional(QueueInput),
    }),
    response: { 204: Type.Null(), ...Refusals },
  }),
  queue: defineRoute({
    method: 'GET',
    path: '/api/listening/queue',
    tags: ['listening'],
    summary: 'The saved play queue (null when none)',
    description: ACCOUNT,
    bearer: true,
    response: { 200: Type.Object({ queue: OrNull(PlayQueue) }), ...Refusals },
  }),
  saveQueue: defineRoute({
    method: 'PUT',
    path: '/api/listening/queue',
    tags: ['listening'],
    summary: 'Save the play queue; an older `at` than the saved one is ignored (`saved: false`)',
    description: `${ACCOUNT} An empty track list clears the queue.`,
    bearer: true,
    body: QueueInput,
    response: { 200: Type.Object({ saved: Type.Boolean(), queue: OrNull(PlayQueue) }), ...Refusals },
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/listening/history',
    tags: ['listening'],
    summary: 'Listening history by work, most recently played first, with each work’s tracks',
    description: `${ACCOUNT} Works that left the library are left out; at most ${L.historyTracksPerWork} tracks per work.`,
    bearer: true,
    querystring: Type.Object({ ...PageQuery }),
    response: {
      200: Type.Object({ works: Type.Array(HistoryWork), pagination: Pagination }),
      ...Refusals,
    },
  }),
  recordHistory: defineRoute({
    method: 'POST',
    path: '/api/listening/history',
    tags: ['listening'],
    summary: 'Record plays (one, or a batch made offline): when and how far; the later `at` wins',
    description: `${ACCOUNT} Ignored while recording is paused.`,
    bearer: true,
    body: Type.Object({ entries: Type.Array(HistoryInput, { minItems: 1, maxItems: L.batchMax }) }),
    response: { 200: BatchResult, ...Refusals },
  }),
  clearHistory: defineRoute({
    method: 'DELETE',
    path: '/api/listening/history',
    tags: ['listening'],
    summary: 'Clear one track, one work or all of the history (and the positions kept for them)',
    description: `${ACCOUNT} Give exactly one of \`track\`, \`work_id\` or \`all=true\`.`,
    bearer: true,
    querystring: Type.Object({
      track: Type.Optional(TrackHash),
      work_id: Type.Optional(WorkIdInput),
      all: Type.Optional(Type.Boolean()),
    }),
    response: { 200: Type.Object({ removed: Type.Integer() }), ...Refusals },
  }),
  continue: defineRoute({
    method: 'GET',
    path: '/api/listening/continue',
    tags: ['listening'],
    summary: 'Recently played works with an unfinished track: the “Continue listening” row',
    description: ACCOUNT,
    bearer: true,
    querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: L.continueMax })) }),
    response: { 200: Type.Object({ items: Type.Array(ContinueItem) }), ...Refusals },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/listening/settings',
    tags: ['listening'],
    summary: 'Whether history is being recorded',
    description: ACCOUNT,
    bearer: true,
    response: { 200: ListeningSettings, ...Refusals },
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/api/listening/settings',
    tags: ['listening'],
    summary: 'Pause or resume history recording',
    description: ACCOUNT,
    bearer: true,
    body: ListeningSettings,
    response: { 200: ListeningSettings, ...Refusals },
  }),
};

export const bookmarks = {
  list: defineRoute({
    method: 'GET',
    path: '/api/bookmarks',
    tags: ['bookmarks'],
    summary: 'Bookmarks in the tracks of a work, or of one track, in track and time order',
    description: `${ACCOUNT} Give \`work_id\` or \`track\`.`,
    bearer: true,
    querystring: Type.Object({ work_id: Type.Optional(WorkIdInput), track: Type.Optional(TrackHash) }),
    response: { 200: Type.Object({ bookmarks: Type.Array(Bookmark) }), ...Refusals },
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/bookmarks',
    tags: ['bookmarks'],
    summary: 'Bookmark a time in a track, with an optional note',
    description: `${ACCOUNT} At most ${L.bookmarksPerAccount} bookmarks per account.`,
    bearer: true,
    body: Type.Object({ track: TrackHash, position: Seconds, note: Type.Optional(BookmarkNote) }),
    response: { 200: Type.Object({ bookmark: Bookmark }), ...Refusals },
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/api/bookmarks/:id',
    tags: ['bookmarks'],
    summary: 'Change a bookmark’s note or time',
    description: ACCOUNT,
    bearer: true,
    params: Type.Object({ id: RowId }),
    body: Type.Object({ position: Type.Optional(Seconds), note: Type.Optional(BookmarkNote) }),
    response: { 200: Type.Object({ bookmark: Bookmark }), ...Refusals },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/bookmarks/:id',
    tags: ['bookmarks'],
    summary: 'Remove a bookmark',
    description: ACCOUNT,
    bearer: true,
    params: Type.Object({ id: RowId }),
    response: { 200: Type.Object({ removed: Type.Integer() }), ...Refusals },
  }),
};
