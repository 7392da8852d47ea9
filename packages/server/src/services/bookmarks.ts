/**
 * Bookmarks: times in tracks an account marked, each with an optional note (docs/player.md,
 * "Bookmarks"). Only the owner ever reads or changes them: every query is keyed by the account,
 * and the account must be one that keeps listening state (`listenerOf`, not the guest).
 */
import { type Bookmark, LISTENING_LIMITS, parseTrackHash, trackHash } from '@sasayaki/contract';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import { fail } from '../errors.ts';
import {
  type BookmarkRow,
  bookmarksOf,
  countBookmarks,
  deleteBookmark,
  findBookmark,
  insertBookmark,
  updateBookmark,
} from '../repositories/bookmarks.ts';
import { audioFilesAmong } from '../repositories/listening.ts';
import { listenerOf } from './listening.ts';
import { baseName } from './tracks.ts';

const toBookmark = (r: BookmarkRow): Bookmark => ({
  id: Number(r.id),
  track: trackHash({ workId: r.work_id, fileId: r.file_id }),
  workId: r.work_id,
  title: baseName(r.path),
  position: Number(r.position),
  note: r.note,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** Notes are one trimmed line of text; control characters become spaces. */
const cleanNote = (note: string | undefined) =>
  (note ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, LISTENING_LIMITS.bookmarkNoteMax);

export async function listBookmarks(
  db: Db,
  viewer: Principal,
  target: { workId: number } | { track: string },
): Promise<Bookmark[]> {
  const userId = listenerOf(viewer).id;
  if ('workId' in target) return (await bookmarksOf(db, userId, target)).map(toBookmark);
  const ref = parseTrackHash(target.track);
  if (!ref) return [];
  const rows = await bookmarksOf(db, userId, { fileId: ref.fileId });
  return rows.filter((r) => r.work_id === ref.workId).map(toBookmark);
}

/** Adds a bookmark to an audio track of the library; 404 for another hash, 413 past the limit. */
export async function addBookmark(
  db: Db,
  viewer: Principal,
  input: { track: string; position: number; note?: string },
): Promise<Bookmark> {
  const userId = listenerOf(viewer).id;
  const ref = parseTrackHash(input.track);
  const [file] = ref ? await audioFilesAmong(db, [ref.fileId]) : [];
  if (!ref || !file || file.work_id !== ref.workId) throw fail('TRACK_NOT_FOUND', { track: input.track });
  const position = file.duration ? Math.min(input.position, Number(file.duration)) : input.position;
  return db.transaction().execute(async (tx) => {
    if ((await countBookmarks(tx, userId)) >= LISTENING_LIMITS.bookmarksPerAccount) {
      throw fail('BOOKMARKS_FULL', { max: LISTENING_LIMITS.bookmarksPerAccount });
    }
    const now = Date.now();
    const id = await insertBookmark(tx, {
      user_id: userId,
      work_id: ref.workId,
      file_id: ref.fileId,
      position,
      note: cleanNote(input.note),
      created_at: now,
      updated_at: now,
    });
    const row = await findBookmark(tx, userId, id);
    if (!row) throw fail('BOOKMARK_NOT_FOUND');
    return toBookmark(row);
  });
}

export async function editBookmark(
  db: Db,
  viewer: Principal,
  id: number,
  input: { position?: number; note?: string },
): Promise<Bookmark> {
  const userId = listenerOf(viewer).id;
  const changed = await updateBookmark(db, userId, id, {
    ...(input.position !== undefined ? { position: input.position } : {}),
    ...(input.note !== undefined ? { note: cleanNote(input.note) } : {}),
    updated_at: Date.now(),
  });
  const row = changed ? await findBookmark(db, userId, id) : undefined;
  if (!row) throw fail('BOOKMARK_NOT_FOUND');
  return toBookmark(row);
}

export async function removeBookmark(db: Db, viewer: Principal, id: number): Promise<number> {
  const userId = listenerOf(viewer).id;
  const removed = await deleteBookmark(db, userId, id);
  if (!removed) throw fail('BOOKMARK_NOT_FOUND');
  return removed;
}
