/** The `reviews` table: a user's rating, text and progress on a work. */
import type { Selectable } from 'kysely';
import type { ReviewsTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export type ReviewRow = Selectable<ReviewsTable>;
export type ReviewFields = Pick<ReviewRow, 'rating' | 'review_text' | 'progress'>;

export async function reviewsOfWork(
  q: Queryable,
  workId: number,
): Promise<Pick<ReviewRow, 'rating' | 'review_text'>[]> {
  return q.selectFrom('reviews').select(['rating', 'review_text']).where('work_id', '=', workId).execute();
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

/** Reviews of a work with a rating or a text: their number, and one page, newest change first. */
function publicReviews(q: Queryable, workId: number) {
  return q
    .selectFrom('reviews as r')
    .where('r.work_id', '=', workId)
    .where((eb) => eb.or([eb('r.rating', 'is not', null), eb('r.review_text', 'is not', null)]));
}

export async function countPublicReviews(q: Queryable, workId: number): Promise<number> {
  const row = await publicReviews(q, workId)
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
  limit: number,
  offset: number,
): Promise<PublicReviewRow[]> {
  return publicReviews(q, workId)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.name', 'r.user_id', 'r.rating', 'r.review_text', 'r.updated_at'])
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.user_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
