/**
 * Listening state of an account (docs/player.md, "Listening state"): where each track stopped,
 * the play queue, the history and whether it is recorded. The one model behind the web app's
 * resume and "continue from …" and behind the OpenSubsonic play queue and scrobbles: a Subsonic
 * layer calls these functions directly (`saveQueue`, `getQueue`, `recordPlay`, `savePositions`).
 *
 * Times come from the client (`at`, ms since the epoch) so that what a device did offline is
 * ordered by when it happened, not by when it arrived; the later one wins. A time ahead of the
 * server's clock counts as now, so a device with a fast clock cannot pin a state for ever.
 */
import {
  type BatchResult,
  type ContinueItem,
  type HistoryWork,
  isFinished,
  LISTENING_LIMITS,
  type ListeningSettings,
  type PlayQueue,
  parseTrackHash,
  RESUME_MARGIN_SECONDS,
  type TrackPosition,
  trackHash,
} from '@sasayaki/contract';
import type { Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { fail } from '../errors.ts';
import {
  audioFilesAmong,
  countHistoryWorks,
  deleteHistory,
  deletePositions,
  findListeningSettings,
  findQueue,
  historyTracksOfWorks,
  historyWorksPage,
  type ListeningTarget,
  positionsOfFiles,
  positionsOfWork,
  recentUnfinished,
  type TrackFileRow,
  upsertHistory,
  upsertListeningSettings,
  upsertPositions,
  upsertQueue,
} from '../repositories/listening.ts';
import { listWorks } from './catalogue.ts';
import { baseName } from './tracks.ts';

type Ctx = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'log'>>;

/** A position or a play as a device reports it. */
export interface PlayReport {
  /** Track hash `{workId}/{fileId}`. */
  track: string;
  /** Seconds. */
  position: number;
  /** Seconds; the library's own duration when left out. */
  duration?: number;
  /** When, ms since the epoch by the device's clock. */
  at: number;
}

export interface QueueState {
  /** Track hashes, in play order. */
  tracks: readonly string[];
  currentIndex: number;
  /** Seconds into the current track. */
  position: number;
  device: string;
  deviceId: string;
  at: number;
}

/** A client time, never ahead of the server's clock. */
const clientTime = (at: number, now = Date.now()) => Math.max(0, Math.min(Math.trunc(at), now));

const cleanDevice = (device: string | undefined) =>
  (device ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, LISTENING_LIMITS.deviceNameMax);

/** The audio files the hashes name, by file id (a hash whose work does not own the file names none). */
async function resolveTracks(db: Db, hashes: readonly string[]): Promise<Map<number, TrackFileRow>> {
  const refs = hashes.map(parseTrackHash).filter((r) => r !== null);
  const rows = await audioFilesAmong(db, [...new Set(refs.map((r) => r.fileId))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const known = new Map<number, TrackFileRow>();
  for (const ref of refs) {
    const row = byId.get(ref.fileId);
    if (row && row.work_id === ref.workId) known.set(ref.fileId, row);
  }
  return known;
}

/** The reports of known tracks, one per track (the latest), with their times made safe. */
async function knownReports(db: Db, reports: readonly PlayReport[]) {
  const files = await resolveTracks(
    db,
    reports.map((r) => r.track),
  );
  const now = Date.now();
  const latest = new Map<number, PlayReport & { file: TrackFileRow }>();
  for (const r of reports) {
    const ref = parseTrackHash(r.track);
    const file = ref && files.get(ref.fileId);
    if (!file) continue;
    const at = clientTime(r.at, now);
    const prev = latest.get(file.id);
    if (!prev || prev.at <= at) latest.set(file.id, { ...r, at, file });
  }
  return [...latest.values()].map((r) => ({
    workId: r.file.work_id,
    fileId: r.file.id,
    position: r.position,
    duration: r.duration ?? (r.file.duration === null ? null : Number(r.file.duration)),
    at: r.at,
  }));
}

/** Whether the account records history (the default) or has paused it. */
export async function getListeningSettings(db: Db, userId: number): Promise<ListeningSettings> {
  const row = await findListeningSettings(db, userId);
  return { recordHistory: row ? row.record_history === 1 : true };
}

export async function saveListeningSettings(
  db: Db,
  userId: number,
  settings: ListeningSettings,
): Promise<ListeningSettings> {
  await upsertListeningSettings(db, {
    user_id: userId,
    record_history: settings.recordHistory ? 1 : 0,
    updated_at: Date.now(),
  });
  return getListeningSettings(db, userId);
}

/**
 * Keeps the positions (later `at` wins per track) and, unless `history` is false or recording is
 * paused, records each as a play. Unknown tracks and older positions are counted as ignored.
 */
export async function savePositions(
  db: Db,
  userId: number,
  reports: readonly PlayReport[],
  options: { device?: string; history?: boolean } = {},
): Promise<BatchResult> {
  const rows = await knownReports(db, reports);
  const device = cleanDevice(options.device);
  const saved = await upsertPositions(
    db,
    rows.map((r) => ({
      user_id: userId,
      work_id: r.workId,
      file_id: r.fileId,
      position: r.position,
      duration: r.duration,
      device,
      updated_at: r.at,
    })),
  );
  if (options.history !== false && rows.length > 0) await historyRows(db, userId, rows);
  return { saved, ignored: reports.length - saved };
}

async function historyRows(db: Db, userId: number, rows: Awaited<ReturnType<typeof knownReports>>) {
  if (!(await getListeningSettings(db, userId)).recordHistory) return 0;
  return upsertHistory(
    db,
    rows.map((r) => ({
      user_id: userId,
      work_id: r.workId,
      file_id: r.fileId,
      position: r.position,
      duration: r.duration,
      played_at: r.at,
    })),
  );
}

/** Records plays (when and how far) without touching the resume positions; nothing while paused. */
export async function recordPlays(
  db: Db,
  userId: number,
  reports: readonly PlayReport[],
): Promise<BatchResult> {
  const saved = await historyRows(db, userId, await knownReports(db, reports));
  return { saved, ignored: reports.length - saved };
}

/** One play (a Subsonic scrobble): true when it was recorded. */
export async function recordPlay(db: Db, userId: number, report: PlayReport): Promise<boolean> {
  return (await recordPlays(db, userId, [report])).saved === 1;
}

const toPosition = (r: {
  work_id: number;
  file_id: number;
  position: number;
  duration: number | null;
  device: string;
  updated_at: number;
}): TrackPosition => ({
  track: trackHash({ workId: r.work_id, fileId: r.file_id }),
  workId: r.work_id,
  position: Number(r.position),
  duration: r.duration === null ? null : Number(r.duration),
  device: r.device,
  updatedAt: Number(r.updated_at),
});

/** The kept positions of a work's tracks, or of the given track hashes (unknown hashes give none). */
export async function getPositions(
  db: Db,
  userId: number,
  target: { workId: number } | { tracks: readonly string[] },
): Promise<TrackPosition[]> {
  if ('workId' in target) return (await positionsOfWork(db, userId, target.workId)).map(toPosition);
  const refs = target.tracks.map(parseTrackHash).filter((r) => r !== null);
  const rows = await positionsOfFiles(
    db,
    userId,
    refs.map((r) => r.fileId),
  );
  const wanted = new Set(refs.map(trackHash));
  return rows.map(toPosition).filter((p) => wanted.has(p.track));
}

/** Parses `tracks=a/b,c/d` of a query: every item a hash, at most the limit. */
export function parseTracksQuery(text: string): string[] {
  const items = text.split(',').filter(Boolean);
  if (items.length > LISTENING_LIMITS.tracksQueryMax || items.some((h) => parseTrackHash(h) === null)) {
    throw fail('TRACKS_QUERY_INVALID', { max: LISTENING_LIMITS.tracksQueryMax });
  }
  return items;
}

/**
 * Saves the queue unless a later one is kept. Tracks that are not audio files of the library are
 * left out and the current index follows its track; an empty list leaves no queue.
 */
export async function saveQueue(
  db: Db,
  userId: number,
  state: QueueState,
): Promise<{ saved: boolean; queue: PlayQueue | null }> {
  const files = await resolveTracks(db, state.tracks);
  const kept: string[] = [];
  let currentIndex = 0;
  state.tracks.forEach((hash, i) => {
    const ref = parseTrackHash(hash);
    if (!ref || !files.has(ref.fileId)) return;
    if (i <= state.currentIndex) currentIndex = kept.length;
    kept.push(hash);
  });
  const saved = await upsertQueue(db, {
    user_id: userId,
    tracks: JSON.stringify(kept),
    current_index: currentIndex,
    position: kept.length ? state.position : 0,
    device: cleanDevice(state.device),
    device_id: state.deviceId.slice(0, LISTENING_LIMITS.deviceIdMax),
    updated_at: clientTime(state.at),
  });
  return { saved, queue: await getQueue(db, userId) };
}

/** The saved queue with each track's title, or null when there is none (or none of it is left). */
export async function getQueue(db: Db, userId: number): Promise<PlayQueue | null> {
  const row = await findQueue(db, userId);
  if (!row) return null;
  let hashes: string[] = [];
  try {
    const v: unknown = JSON.parse(row.tracks);
    if (Array.isArray(v)) hashes = v.filter((h): h is string => typeof h === 'string');
  } catch {
    // A row written by hand: read as empty.
  }
  const files = await resolveTracks(db, hashes);
  const tracks: PlayQueue['tracks'] = [];
  let currentIndex = 0;
  hashes.forEach((hash, i) => {
    const ref = parseTrackHash(hash);
    const f = ref && files.get(ref.fileId);
    if (!f) return;
    if (i <= row.current_index) currentIndex = tracks.length;
    tracks.push({
      track: hash,
      workId: f.work_id,
      title: baseName(f.path),
      workTitle: f.work_title,
      duration: f.duration === null ? null : Number(f.duration),
    });
  });
  if (tracks.length === 0) return null;
  return {
    tracks,
    currentIndex,
    position: Number(row.position),
    device: row.device,
    deviceId: row.device_id,
    updatedAt: Number(row.updated_at),
  };
}

/** A page of the history by work, most recently played first, with full Work objects. */
export async function historyPage(
  ctx: Ctx,
  viewer: Extract<Principal, { kind: 'account' }>,
  page: number,
  pageSize: number,
  baseUrl: string,
): Promise<{
  works: HistoryWork[];
  pagination: { currentPage: number; pageSize: number; totalCount: number };
}> {
  const db = ctx.db;
  const [rows, totalCount] = await Promise.all([
    historyWorksPage(db, viewer.id, pageSize, (page - 1) * pageSize),
    countHistoryWorks(db, viewer.id),
  ]);
  const ids = rows.map((r) => r.work_id);
  const [tracks, works] = await Promise.all([
    historyTracksOfWorks(db, viewer.id, ids),
    worksById(ctx, viewer, ids, baseUrl),
  ]);
  const entries: HistoryWork[] = [];
  for (const r of rows) {
    const work = works.get(r.work_id);
    if (!work) continue;
    entries.push({
      work,
      playedAt: r.played_at,
      tracks: tracks
        .filter((t) => t.work_id === r.work_id)
        .slice(0, LISTENING_LIMITS.historyTracksPerWork)
        .map((t) => ({
          track: trackHash({ workId: t.work_id, fileId: t.file_id }),
          title: baseName(t.path),
          position: Number(t.position),
          duration: t.duration === null ? null : Number(t.duration),
          playedAt: Number(t.played_at),
        })),
    });
  }
  return { works: entries, pagination: { currentPage: page, pageSize, totalCount } };
}

async function worksById(ctx: Ctx, viewer: Principal, ids: readonly number[], baseUrl: string) {
  if (ids.length === 0) return new Map();
  const { works } = await listWorks(
    ctx,
    { viewer, workIds: ids, keepIdOrder: true, pageSize: ids.length },
    baseUrl,
  );
  return new Map(works.map((w) => [w.id, w]));
}

/** Recently played works with an unfinished track: the latest such track of each, newest first. */
export async function continueListening(
  ctx: Ctx,
  viewer: Extract<Principal, { kind: 'account' }>,
  limit: number,
  baseUrl: string,
): Promise<ContinueItem[]> {
  // A few entries per work are enough to find `limit` works in the common case.
  const rows = await recentUnfinished(ctx.db, viewer.id, RESUME_MARGIN_SECONDS, limit * 5);
  const firstOfWork = new Map<number, (typeof rows)[number]>();
  for (const r of rows) {
    if (!firstOfWork.has(r.work_id) && firstOfWork.size < limit) firstOfWork.set(r.work_id, r);
  }
  const works = await worksById(ctx, viewer, [...firstOfWork.keys()], baseUrl);
  const items: ContinueItem[] = [];
  for (const r of firstOfWork.values()) {
    const work = works.get(r.work_id);
    const duration = r.duration === null ? null : Number(r.duration);
    if (!work || isFinished(Number(r.position), duration)) continue;
    items.push({
      work,
      track: trackHash({ workId: r.work_id, fileId: r.file_id }),
      title: baseName(r.path),
      position: Number(r.position),
      duration,
      playedAt: Number(r.played_at),
    });
  }
  return items;
}

/** Clears history (and the positions kept with it) of one track, one work or all; answers rows removed. */
export async function clearHistory(db: Db, userId: number, target: ListeningTarget): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const removed = await deleteHistory(tx, userId, target);
    await deletePositions(tx, userId, target);
    return removed;
  });
}
