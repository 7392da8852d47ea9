/** The `bookmarks` table: times in tracks an account marked, with a note. */
import type { Insertable, Selectable } from 'kysely';
import type { BookmarksTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export type BookmarkRow = Selectable<BookmarksTable> & { path: string };

function withPath(q: Queryable, userId: number) {
  return q
    .selectFrom('bookmarks as b')
    .innerJoin('files', 'files.id', 'b.file_id')
    .select([
      'b.id',
      'b.user_id',
      'b.work_id',
      'b.file_id',
      'b.position',
      'b.note',
      'b.created_at',
      'b.updated_at',
      'files.path',
    ])
    .where('b.user_id', '=', userId);
}

/** Bookmarks in the tracks (still in the library) of a work, or of one track, in track and time order. */
export async function bookmarksOf(
  q: Queryable,
  userId: number,
  target: { workId: number } | { fileId: number },
): Promise<BookmarkRow[]> {
  const query =
    'workId' in target
      ? withPath(q, userId).where('b.work_id', '=', target.workId)
      : withPath(q, userId).where('b.file_id', '=', target.fileId);
  return query.orderBy('files.path').orderBy('b.position').orderBy('b.id').execute();
}

export async function findBookmark(
  q: Queryable,
  userId: number,
  id: number,
): Promise<BookmarkRow | undefined> {
  return withPath(q, userId).where('b.id', '=', id).executeTakeFirst();
}

export async function countBookmarks(q: Queryable, userId: number): Promise<number> {
  const row = await q
    .selectFrom('bookmarks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertBookmark(q: Queryable, row: Insertable<BookmarksTable>): Promise<number> {
  const inserted = await q.insertInto('bookmarks').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateBookmark(
  q: Queryable,
  userId: number,
  id: number,
  fields: { position?: number; note?: string; updated_at: number },
): Promise<number> {
  const res = await q
    .updateTable('bookmarks')
    .set(fields)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteBookmark(q: Queryable, userId: number, id: number): Promise<number> {
  const res = await q
    .deleteFrom('bookmarks')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
