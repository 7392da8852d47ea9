/** The `reviews` table: a user's rating, text and progress on a work. */
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { ReviewsTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';
import { likeContains } from './searchSql.ts';

export type ReviewRow = Selectable<ReviewsTable>;
export type ReviewFields = Pick<ReviewRow, 'rating' | 'review_text' | 'progress'>;

/** The reviews a work's site rating is made of: hidden ones do not count. */
export async function reviewsOfWork(
  q: Queryable,
  workId: number,
): Promise<Pick<ReviewRow, 'rating' | 'review_text'>[]> {
  return q
    .selectFrom('reviews')
    .select(['rating', 'review_text'])
    .where('work_id', '=', workId)
    .where('hidden_at', 'is', null)
    .execute();
}

/** Those of these works (at most a few hundred) that have at least one review. */
export async function reviewedAmong(q: Queryable, workIds: readonly number[]): Promise<number[]> {
  const rows = await q
    .selectFrom('reviews')
    .select('work_id')
    .distinct()
    .where('work_id', 'in', workIds)
    .execute();
  return rows.map((r) => r.work_id);
}

export async function findReview(
  q: Queryable,
  userId: number,
  workId: number,
): Promise<ReviewRow | undefined> {
  return q
    .selectFrom('reviews')
    .selectAll()
    .where('user_id', '=', userId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
}

/** The number of rows deleted. */
export async function deleteReviewRow(q: Queryable, userId: number, workId: number): Promise<number> {
  const res = await q
    .deleteFrom('reviews')
    .where('user_id', '=', userId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The columns a write of a review sets from its fields: the field list, named once. */
function reviewColumns(fields: ReviewFields, now: number) {
  return {
    rating: fields.rating,
    review_text: fields.review_text,
    progress: fields.progress,
    updated_at: now,
  };
}

export async function updateReviewRow(
  q: Queryable,
  userId: number,
  workId: number,
  fields: ReviewFields,
  now: number,
): Promise<void> {
  await q
    .updateTable('reviews')
    .set(reviewColumns(fields, now))
    .where('user_id', '=', userId)
    .where('work_id', '=', workId)
    .execute();
}

export async function insertReviewRow(
  q: Queryable,
  userId: number,
  workId: number,
  fields: ReviewFields,
  now: number,
): Promise<void> {
  await q
    .insertInto('reviews')
    .values({ user_id: userId, work_id: workId, created_at: now, ...reviewColumns(fields, now) })
    .execute();
}

export async function reviewedWorksOfUser(q: Queryable, userId: number): Promise<{ work_id: number }[]> {
  return q.selectFrom('reviews').select('work_id').where('user_id', '=', userId).execute();
}

export async function deleteReviewsOfUser(q: Queryable, userId: number): Promise<void> {
  await q.deleteFrom('reviews').where('user_id', '=', userId).execute();
}

/**
 * Reviews of a work with a rating or a text, not hidden (but for the viewer's own): their
 * number, and one page, newest change first.
 */
function publicReviews(q: Queryable, workId: number, viewerId: number | null) {
  return q
    .selectFrom('reviews as r')
    .where('r.work_id', '=', workId)
    .where((eb) => eb.or([eb('r.rating', 'is not', null), eb('r.review_text', 'is not', null)]))
    .where((eb) =>
      viewerId === null
        ? eb('r.hidden_at', 'is', null)
        : eb.or([eb('r.hidden_at', 'is', null), eb('r.user_id', '=', viewerId)]),
    );
}

export async function countPublicReviews(
  q: Queryable,
  workId: number,
  viewerId: number | null,
): Promise<number> {
  const row = await publicReviews(q, workId, viewerId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface PublicReviewRow {
  name: string;
  user_id: number;
  rating: number | null;
  review_text: string | null;
  updated_at: number;
}

export async function publicReviewsPage(
  q: Queryable,
  workId: number,
  viewerId: number | null,
  limit: number,
  offset: number,
): Promise<PublicReviewRow[]> {
  return publicReviews(q, workId, viewerId)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.name', 'r.user_id', 'r.rating', 'r.review_text', 'r.updated_at'])
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.user_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export interface ModerationReviewRow {
  user_id: number;
  name: string;
  work_id: number;
  title: string | null;
  rating: number | null;
  review_text: string | null;
  updated_at: number;
  hidden_at: number | null;
}

/** Reviews with a rating or a text for moderators, by text, author or work title. */
function moderationReviews(q: Queryable, search: string, hidden: boolean | undefined) {
  let query = q
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('works as w', 'w.id', 'r.work_id')
    .where((eb) => eb.or([eb('r.rating', 'is not', null), eb('r.review_text', 'is not', null)]));
  if (hidden !== undefined) query = query.where('r.hidden_at', hidden ? 'is not' : 'is', null);
  if (search) {
    const like = likeContains(search.toLowerCase());
    query = query.where(
      sql<SqlBool>`(lower(coalesce(r.review_text, '')) like ${like} escape '\\' or lower(u.name) like ${like} escape '\\' or lower(coalesce(w.title, '')) like ${like} escape '\\')`,
    );
  }
  return query;
}

export async function moderationReviewsPage(
  q: Queryable,
  search: string,
  hidden: boolean | undefined,
  limit: number,
  offset: number,
): Promise<ModerationReviewRow[]> {
  return moderationReviews(q, search, hidden)
    .select([
      'r.user_id',
      'u.name',
      'r.work_id',
      'w.title',
      'r.rating',
      'r.review_text',
      'r.updated_at',
      'r.hidden_at',
    ])
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.user_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countModerationReviews(
  q: Queryable,
  search: string,
  hidden: boolean | undefined,
): Promise<number> {
  const row = await moderationReviews(q, search, hidden)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Hides (a time) or shows (null) a review; the number of rows changed. */
export async function updateReviewHidden(
  q: Queryable,
  userId: number,
  workId: number,
  hiddenAt: number | null,
): Promise<number> {
  const res = await q
    .updateTable('reviews')
    .set({ hidden_at: hiddenAt })
    .where('user_id', '=', userId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
