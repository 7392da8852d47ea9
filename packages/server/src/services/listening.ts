/**
 * Listening state of an account (docs/player.md, "Listening state"): where each track stopped,
 * the play queue, the history and whether it is recorded. The one model behind the web app's
 * resume and "continue from …" and behind the OpenSubsonic play queue and scrobbles: a Subsonic
 * layer calls these functions directly (`saveQueue`, `getQueue`, `recordPlay`, `savePositions`).
 * Each takes the viewer and asks access.ts (`listenerOf`), so both APIs refuse the guest alike.
 *
 * Times come from the client (`at`, ms since the epoch: when the position was reached, not when
 * it was sent) so that what a device did offline is ordered by when it happened, not by when it
 * arrived; the later listening wins and an older report is ignored. A time more than a minute
 * ahead of the server's clock counts as now, so a device with a fast clock cannot pin a state for
 * ever. A clearing of history marks a cut-off (no report dated before it brings an entry back),
 * and a pause of recording a span (no play dated within it enters the history).
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
import { type AccountPrincipal, requireAccess, requireAccount } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { fail } from '../errors.ts';
import {
  audioFilesAmong,
  countHistoryWorks,
  cutoffScope,
  cutoffsAmong,
  deleteHistory,
  deletePositions,
  findListeningSettings,
  findQueue,
  historyTracksOfWorks,
  historyWorksPage,
  type ListeningTarget,
  markCutoff,
  positionsOfFiles,
  positionsOfWork,
  recentUnfinished,
  type TrackFileRow,
  upsertHistory,
  upsertListeningSettings,
  upsertPositions,
  upsertQueue,
} from '../repositories/listening.ts';
import { playedWorksOfUser } from '../repositories/recommender.ts';
import { listWorks } from './catalogue/lists.ts';
import { baseName } from './tracks.ts';

type Ctx = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'log'>>;

export type { ListeningTarget };

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

/** How far ahead of the server's clock a client's time is believed (clocks drift a little). */
export const FUTURE_TOLERANCE_MS = 60_000;

/** A client time; one more than FUTURE_TOLERANCE_MS ahead of the server's clock counts as now. */
export const clientTime = (at: number, now = Date.now()) => {
  const t = Math.max(0, Math.trunc(at));
  return t > now + FUTURE_TOLERANCE_MS ? now : t;
};

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

/**
 * The reports of known tracks, one per track (the latest), with their times made safe, less
 * those dated no later than a clearing of their track, work or all history.
 */
async function knownReports(db: Db, userId: number, reports: readonly PlayReport[]) {
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
  const candidates = [...latest.values()];
  const scopes = candidates.flatMap((r) => [
    cutoffScope({ fileId: r.file.id }),
    cutoffScope({ workId: r.file.work_id }),
  ]);
  const cutoffs = candidates.length ? await cutoffsAmong(db, userId, [...new Set(scopes)]) : new Map();
  const cutoffOf = (r: (typeof candidates)[number]) =>
    Math.max(
      cutoffs.get('all') ?? -1,
      cutoffs.get(cutoffScope({ workId: r.file.work_id })) ?? -1,
      cutoffs.get(cutoffScope({ fileId: r.file.id })) ?? -1,
    );
  return candidates
    .filter((r) => r.at > cutoffOf(r))
    .map((r) => ({
      workId: r.file.work_id,
      fileId: r.file.id,
      position: r.position,
      duration: r.duration ?? (r.file.duration === null ? null : Number(r.file.duration)),
      at: r.at,
    }));
}

/**
 * The viewer, who may keep listening state: any account but the shared guest, on which one
 * person's history would show to everyone (`listening.use` in access.ts).
 */
export function listenerOf(viewer: Principal): AccountPrincipal {
  const me = requireAccount(viewer);
  requireAccess(me, 'listening.use');
  return me;
}

async function settingsOf(db: Db, userId: number): Promise<ListeningSettings> {
  const row = await findListeningSettings(db, userId);
  return { recordHistory: row ? row.record_history === 1 : true };
}

/**
 * Whether a play dated `at` may enter the history: recording is on and `at` is outside the span
 * recording was paused over. The span runs from the first pause to the latest resume, so a play
 * made while paused stays out whenever it is re-sent; a late report of a play between two pauses
 * is lost with it (a pause that holds matters more than a complete history).
 */
async function historyGate(db: Db, userId: number): Promise<(at: number) => boolean> {
  const row = await findListeningSettings(db, userId);
  if (!row) return () => true;
  if (row.record_history !== 1) return () => false;
  const from = row.history_paused_from === null ? null : Number(row.history_paused_from);
  const until = row.history_paused_until === null ? null : Number(row.history_paused_until);
  return (at) => from === null || until === null || at < from || at > until;
}

/** Whether the account records history (the default) or has paused it. */
export async function getListeningSettings(db: Db, viewer: Principal): Promise<ListeningSettings> {
  return settingsOf(db, listenerOf(viewer).id);
}

export async function saveListeningSettings(
  db: Db,
  viewer: Principal,
  settings: ListeningSettings,
): Promise<ListeningSettings> {
  const userId = listenerOf(viewer).id;
  const now = Date.now();
  const row = await findListeningSettings(db, userId);
  const wasOn = row ? row.record_history === 1 : true;
  let from = row?.history_paused_from ?? null;
  let until = row?.history_paused_until ?? null;
  if (wasOn && !settings.recordHistory) {
    from ??= now;
    until = null;
  } else if (!wasOn && settings.recordHistory) until = now;
  await upsertListeningSettings(db, {
    user_id: userId,
    record_history: settings.recordHistory ? 1 : 0,
    updated_at: now,
    history_paused_from: from,
    history_paused_until: until,
  });
  return settingsOf(db, userId);
}

/**
 * Keeps the positions (later `at` wins per track) and, unless `history` is false or recording is
 * paused, records each as a play. Unknown tracks and older positions are counted as ignored.
 */
export async function savePositions(
  db: Db,
  viewer: Principal,
  reports: readonly PlayReport[],
  options: { device?: string; history?: boolean } = {},
): Promise<BatchResult> {
  const userId = listenerOf(viewer).id;
  const rows = await knownReports(db, userId, reports);
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
  const recording = await historyGate(db, userId);
  return upsertHistory(
    db,
    rows
      .filter((r) => recording(r.at))
      .map((r) => ({
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
  viewer: Principal,
  reports: readonly PlayReport[],
): Promise<BatchResult> {
  const userId = listenerOf(viewer).id;
  const saved = await historyRows(db, userId, await knownReports(db, userId, reports));
  return { saved, ignored: reports.length - saved };
}

/** One play (a Subsonic scrobble): true when it was recorded. */
export async function recordPlay(db: Db, viewer: Principal, report: PlayReport): Promise<boolean> {
  return (await recordPlays(db, viewer, [report])).saved === 1;
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
  viewer: Principal,
  target: { workId: number } | { tracks: readonly string[] },
): Promise<TrackPosition[]> {
  const userId = listenerOf(viewer).id;
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
  viewer: Principal,
  state: QueueState,
): Promise<{ saved: boolean; queue: PlayQueue | null }> {
  const userId = listenerOf(viewer).id;
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
  return { saved, queue: await queueOf(db, userId) };
}

/** The saved queue with each track's title, or null when there is none (or none of it is left). */
export async function getQueue(db: Db, viewer: Principal): Promise<PlayQueue | null> {
  return queueOf(db, listenerOf(viewer).id);
}

async function queueOf(db: Db, userId: number): Promise<PlayQueue | null> {
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
  caller: Principal,
  page: number,
  pageSize: number,
  baseUrl: string,
): Promise<{
  works: HistoryWork[];
  pagination: { currentPage: number; pageSize: number; totalCount: number };
}> {
  const viewer = listenerOf(caller);
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
  caller: Principal,
  limit: number,
  baseUrl: string,
): Promise<ContinueItem[]> {
  const viewer = listenerOf(caller);
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

/**
 * Clears history (and the positions kept with it) of one track, one work or all; answers rows
 * removed. The clearing is marked (server time), so a device that still holds an older position
 * cannot bring the entry back by sending it again later.
 */
export async function clearHistory(db: Db, viewer: Principal, target: ListeningTarget): Promise<number> {
  const userId = listenerOf(viewer).id;
  const now = Date.now();
  return db.transaction().execute(async (tx) => {
    await markCutoff(tx, userId, target, now);
    const removed = await deleteHistory(tx, userId, target);
    await deletePositions(tx, userId, target);
    return removed;
  });
}

/**
 * The works the viewer played (the recommender's listening events), most recently played
 * (`recent`) or most played (`frequent`) first: a player's "recently played" album lists. A
 * visitor has none.
 */
export async function playedWorks(
  db: Db,
  viewer: Principal,
  order: 'recent' | 'frequent',
  limit: number,
): Promise<number[]> {
  return viewer.kind === 'account' ? playedWorksOfUser(db, viewer.id, order, limit) : [];
}
