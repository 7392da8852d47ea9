/**
 * Reviews and progress of a user on a work (docs/product.md §7.5), and the work's site rating that they
 * feed: `works.site_rate_count`, `site_rate_average_2dp`, `site_rate_count_detail` and
 * `review_count` are recomputed from the reviews table inside the same transaction as the write,
 * with the work row locked (PostgreSQL `for update`; SQLite transactions are serial), so
 * concurrent reviews of one work leave the counts exact.
 */
import { PROGRESS_VALUES, type Progress } from '@sasayaki/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';

export const REVIEW_MESSAGES = {
  workNotFound: 'Work not found',
  badRating: 'rating must be a whole number from 0 to 5 (0 or null clears it)',
  badProgress: `progress must be one of ${PROGRESS_VALUES.join(', ')} (or null)`,
  saved: 'review saved',
  deleted: 'review deleted',
  noReview: 'no review of this work',
} as const;

export const REVIEW_TEXT_MAX = 10_000;

/** undefined leaves a field as it is; null clears it. */
export interface ReviewInput {
  rating?: number | null;
  review_text?: string | null;
  progress?: string | null;
}

/** Locks the work row for the rest of the transaction; false when the work does not exist. */
export async function lockWork(
  tx: Kysely<Database>,
  dialect: Db['dialect'],
  workId: number,
): Promise<boolean> {
  let q = tx.selectFrom('works').select('id').where('id', '=', workId);
  if (dialect === 'postgres') q = q.forUpdate();
  return !!(await q.executeTakeFirst());
}

function checkInput(input: ReviewInput): ReviewInput {
  const out: ReviewInput = {};
  if (input.rating !== undefined) {
    const r = input.rating;
    if (r !== null && (!Number.isInteger(r) || r < 0 || r > 5)) throw badRequest(REVIEW_MESSAGES.badRating);
    out.rating = r === 0 ? null : r;
  }
  if (input.progress !== undefined) {
    const p = input.progress === '' ? null : input.progress;
    if (p !== null && !(PROGRESS_VALUES as readonly string[]).includes(p))
      throw badRequest(REVIEW_MESSAGES.badProgress);
    out.progress = p as Progress | null;
  }
  if (input.review_text !== undefined) {
    const t = input.review_text;
    if (t !== null && t.length > REVIEW_TEXT_MAX) {
      throw badRequest(`review_text must be at most ${REVIEW_TEXT_MAX} characters`);
    }
    out.review_text = t === null || t.trim() === '' ? null : t;
  }
  return out;
}

/** Recomputes the site rating and review count of one work from its reviews. */
export async function refreshWorkRating(tx: Transaction<Database>, workId: number): Promise<void> {
  const rows = await tx
    .selectFrom('reviews')
    .select(['rating', 'review_text'])
    .where('work_id', '=', workId)
    .execute();
  const detail = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  let texts = 0;
  for (const r of rows) {
    if (r.rating !== null && r.rating >= 1 && r.rating <= 5) {
      detail[r.rating - 1]! += 1;
      sum += r.rating;
      count += 1;
    }
    if (r.review_text) texts += 1;
  }
  await tx
    .updateTable('works')
    .set({
      site_rate_count: count,
      site_rate_average_2dp: count ? Math.round((sum / count) * 100) / 100 : 0,
      site_rate_count_detail: JSON.stringify(detail),
      review_count: texts,
    })
    .where('id', '=', workId)
    .execute();
}

/**
 * Recomputes the site rating of those of these works that have reviews. Reviews outlive a work
 * whose folder vanished: when the scanner writes the work again, its rating comes back with it.
 */
export async function refreshReviewedWorks(
  tx: Transaction<Database>,
  workIds: readonly number[],
): Promise<void> {
  for (let i = 0; i < workIds.length; i += 500) {
    const reviewed = await tx
      .selectFrom('reviews')
      .select('work_id')
      .distinct()
      .where('work_id', 'in', workIds.slice(i, i + 500))
      .execute();
    for (const r of reviewed) await refreshWorkRating(tx, r.work_id);
  }
}

/** Creates or updates the caller's review; a review left with no field set is removed. */
export async function putReview(db: Db, userId: number, workId: number, raw: ReviewInput): Promise<void> {
  const input = checkInput(raw);
  const now = Date.now();
  await db.db.transaction().execute(async (tx) => {
    if (!(await lockWork(tx, db.dialect, workId))) throw notFound(REVIEW_MESSAGES.workNotFound);
    const old = await tx
      .selectFrom('reviews')
      .selectAll()
      .where('user_id', '=', userId)
      .where('work_id', '=', workId)
      .executeTakeFirst();
    const next = {
      rating: input.rating !== undefined ? input.rating : (old?.rating ?? null),
      review_text: input.review_text !== undefined ? input.review_text : (old?.review_text ?? null),
      progress: input.progress !== undefined ? input.progress : (old?.progress ?? null),
    };
    const empty = next.rating === null && next.review_text === null && next.progress === null;
    if (old && empty) {
      await tx.deleteFrom('reviews').where('user_id', '=', userId).where('work_id', '=', workId).execute();
    } else if (old) {
      await tx
        .updateTable('reviews')
        .set({ ...next, updated_at: now })
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .execute();
    } else if (!empty) {
      await tx
        .insertInto('reviews')
        .values({ user_id: userId, work_id: workId, ...next, created_at: now, updated_at: now })
        .execute();
    }
    await refreshWorkRating(tx, workId);
  });
}

export async function deleteReview(db: Db, userId: number, workId: number): Promise<void> {
  await db.db.transaction().execute(async (tx) => {
    const exists = await lockWork(tx, db.dialect, workId);
    const res = await tx
      .deleteFrom('reviews')
      .where('user_id', '=', userId)
      .where('work_id', '=', workId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound(REVIEW_MESSAGES.noReview);
    if (exists) await refreshWorkRating(tx, workId);
  });
}

export interface WorkReview {
  userName: string;
  rating: number | null;
  review_text: string | null;
  updatedAt: number;
  /** The caller's own review. */
  mine: boolean;
}

/**
 * What listeners said about a work: reviews with a rating or a text, most recently changed
 * first. Progress is private and never part of it.
 */
export async function listWorkReviews(
  db: Db,
  workId: number,
  opts: { page: number; pageSize: number; viewerId: number | null },
): Promise<{ reviews: WorkReview[]; totalCount: number }> {
  const work = await db.db.selectFrom('works').select('id').where('id', '=', workId).executeTakeFirst();
  if (!work) throw notFound(REVIEW_MESSAGES.workNotFound);
  const base = db.db
    .selectFrom('reviews as r')
    .where('r.work_id', '=', workId)
    .where((eb) => eb.or([eb('r.rating', 'is not', null), eb('r.review_text', 'is not', null)]));
  const count = await base
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.name', 'r.user_id', 'r.rating', 'r.review_text', 'r.updated_at'])
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.user_id', 'desc')
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  return {
    totalCount: Number(count.n),
    reviews: rows.map((r) => ({
      userName: r.name,
      rating: r.rating,
      review_text: r.review_text,
      updatedAt: Number(r.updated_at),
      mine: r.user_id === opts.viewerId,
    })),
  };
}
