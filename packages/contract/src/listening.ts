/**
 * The listener's continuity kept per account (docs/player.md, "Listening state"): the position
 * in each track, the play queue, the listening history and bookmarks. The limits and the rules
 * both sides apply are said once here; the routes are in routes/listening.ts.
 */

export const LISTENING_LIMITS = {
  /** Most positions or history entries in one batch (a device that was offline sends them all). */
  batchMax: 500,
  /** Most tracks in a saved play queue. */
  queueTracksMax: 1000,
  /** Longest device name shown in "continue from …" (characters). */
  deviceNameMax: 60,
  /** Longest device id (a random id the browser keeps). */
  deviceIdMax: 64,
  /** Longest track, in seconds (100 hours): a position beyond is refused. */
  secondsMax: 360_000,
  /** Most tracks in one positions query. */
  tracksQueryMax: 100,
  /** Longest bookmark note (characters). */
  bookmarkNoteMax: 500,
  /** Most bookmarks one account keeps. */
  bookmarksPerAccount: 10_000,
  /** Most works in the "Continue listening" row. */
  continueMax: 20,
  /** Tracks of one work shown in a history entry (the most recent ones). */
  historyTracksPerWork: 50,
} as const;

/**
 * A position this close to either end of a track is not worth resuming, and a history entry
 * this close to the end counts as finished (seconds).
 */
export const RESUME_MARGIN_SECONDS = 5;

/** A track hash as the track tree writes it: `{workId}/{fileId}`. */
export const TRACK_HASH_PATTERN = '^[1-9][0-9]{0,8}/[1-9][0-9]{0,9}$';

export interface TrackRef {
  workId: number;
  fileId: number;
}

/** `"1441165/1606208"` → its work and file ids; null for anything else. */
export function parseTrackHash(hash: string): TrackRef | null {
  if (!new RegExp(TRACK_HASH_PATTERN).test(hash)) return null;
  const [w, f] = hash.split('/');
  const workId = Number(w);
  const fileId = Number(f);
  if (!Number.isSafeInteger(workId) || !Number.isSafeInteger(fileId) || fileId > 2_147_483_647) return null;
  return { workId, fileId };
}

export const trackHash = (ref: TrackRef): string => `${ref.workId}/${ref.fileId}`;

/** The position worth resuming from: 0 near either end (and for nonsense). */
export function resumeFrom(position: number, duration: number | null | undefined): number {
  if (!Number.isFinite(position) || position <= RESUME_MARGIN_SECONDS) return 0;
  if (duration && duration > 0 && position >= duration - RESUME_MARGIN_SECONDS) return 0;
  return position;
}

/** Whether a track was listened to the end (within the margin). */
export const isFinished = (position: number, duration: number | null | undefined): boolean =>
  !!duration && duration > 0 && position >= duration - RESUME_MARGIN_SECONDS;
