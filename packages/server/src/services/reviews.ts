/**
 * Reviews and progress of a user on a work (docs/product.md §7.5), and the work's site rating that they
 * feed: `works.site_rate_count`, `site_rate_average_2dp` and `site_rate_count_detail`
 * are recomputed from the reviews table inside the same transaction as the write,
 * with the work row locked (PostgreSQL `for update`; SQLite transactions are serial), so
 * concurrent reviews of one work leave the counts exact.
 */
import { LIMITS, PROGRESS_VALUES, type Progress, type WorkReview } from '@sasayaki/contract';
import type { Kysely, Transaction } from 'kysely';
import { requireAccess, requireAccount } from '../access.ts';
import { type Principal, userIdOf } from '../auth/principal.ts';
import { CHUNK, chunked } from '../chunked.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { fail } from '../errors.ts';
import {
  countPublicReviews,
  deleteReviewRow,
  findReview,
  insertReviewRow,
  publicReviewsPage,
  reviewedAmong,
  reviewsOfWork,
  updateReviewRow,
} from '../repositories/reviews.ts';
import { lockWorkRow, updateWorkRating, workExists } from '../repositories/works.ts';
import { type ListWorksOptions, listWorks, type WorkPage } from './catalogue/lists.ts';

export const REVIEW_MESSAGES = {
  saved: 'review saved',
  deleted: 'review deleted',
} as const;

export const REVIEW_TEXT_MAX = LIMITS.reviewText;

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
  return lockWorkRow(tx, dialect, workId);
}

function checkInput(input: ReviewInput): ReviewInput {
  const out: ReviewInput = {};
  if (input.rating !== undefined) {
    const r = input.rating;
    if (r !== null && (!Number.isInteger(r) || r < 0 || r > 5)) throw fail('RATING_INVALID');
    out.rating = r === 0 ? null : r;
  }
  if (input.progress !== undefined) {
    const p = input.progress === '' ? null : input.progress;
    if (p !== null && !(PROGRESS_VALUES as readonly string[]).includes(p))
      throw fail('PROGRESS_INVALID', { values: PROGRESS_VALUES.join(', ') });
    out.progress = p as Progress | null;
  }
  if (input.review_text !== undefined) {
    const t = input.review_text;
    if (t !== null && t.length > REVIEW_TEXT_MAX) {
      throw fail('REVIEW_TEXT_TOO_LONG', { max: REVIEW_TEXT_MAX });
    }
    out.review_text = t === null || t.trim() === '' ? null : t;
  }
  return out;
}

/** Recomputes the site rating and review count of one work from its reviews. */
export async function refreshWorkRating(tx: Transaction<Database>, workId: number): Promise<void> {
  const rows = await reviewsOfWork(tx, workId);
  const detail = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const r of rows) {
    if (r.rating !== null && r.rating >= 1 && r.rating <= 5) {
      detail[r.rating - 1]! += 1;
      sum += r.rating;
      count += 1;
    }
  }
  await updateWorkRating(tx, workId, {
    site_rate_count: count,
    site_rate_average_2dp: count ? Math.round((sum / count) * 100) / 100 : 0,
    site_rate_count_detail: JSON.stringify(detail),
  });
}

/**
 * Recomputes the site rating of those of these works that have reviews. Reviews outlive a work
 * whose folder vanished: when the scanner writes the work again, its rating comes back with it.
 */
export async function refreshReviewedWorks(
  tx: Transaction<Database>,
  workIds: readonly number[],
): Promise<void> {
  const reviewed = await chunked(workIds, CHUNK, (chunk) => reviewedAmong(tx, chunk));
  for (const workId of reviewed) await refreshWorkRating(tx, workId);
}

/** Creates or updates the viewer's review; a review left with no field set is removed. */
export async function putReview(db: Db, viewer: Principal, workId: number, raw: ReviewInput): Promise<void> {
  const userId = requireAccount(viewer).id;
  requireAccess(viewer, 'review.write');
  const input = checkInput(raw);
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    if (!(await lockWork(tx, db.dialect, workId))) throw fail('WORK_NOT_FOUND');
    const old = await findReview(tx, userId, workId);
    const next = {
      rating: input.rating !== undefined ? input.rating : (old?.rating ?? null),
      review_text: input.review_text !== undefined ? input.review_text : (old?.review_text ?? null),
      progress: input.progress !== undefined ? input.progress : (old?.progress ?? null),
    };
    const empty = next.rating === null && next.review_text === null && next.progress === null;
    if (old && empty) {
      await deleteReviewRow(tx, userId, workId);
    } else if (old) {
      await updateReviewRow(tx, userId, workId, next, now);
    } else if (!empty) {
      await insertReviewRow(tx, userId, workId, next, now);
    }
    await refreshWorkRating(tx, workId);
  });
}

/** Deletes the viewer's review of the work (REVIEW_NOT_FOUND without one). */
export async function deleteReview(db: Db, viewer: Principal, workId: number): Promise<void> {
  const userId = requireAccount(viewer).id;
  requireAccess(viewer, 'review.write');
  await db.transaction().execute(async (tx) => {
    const exists = await lockWork(tx, db.dialect, workId);
    if ((await deleteReviewRow(tx, userId, workId)) === 0) throw fail('REVIEW_NOT_FOUND');
    if (exists) await refreshWorkRating(tx, workId);
  });
}

export type { WorkReview } from '@sasayaki/contract';

/**
 * The viewer's reviewed works as a works list ("my reviews"), by their progress when asked, newest
 * change first (`byUpdate`) or in a list order.
 */
export function ownReviews(
  ctx: Pick<AppContext, 'db' | 'log'>,
  viewer: Principal,
  options: Omit<ListWorksOptions, 'viewer' | 'scope' | 'includeReview'>,
  scope: { progress?: string; byUpdate: boolean },
  baseUrl: string,
): Promise<WorkPage> {
  const me = requireAccount(viewer);
  return listWorks(
    ctx,
    { viewer: me, ...options, includeReview: true, scope: { kind: 'reviews', userId: me.id, ...scope } },
    baseUrl,
  );
}

/**
 * What listeners said about a work: reviews with a rating or a text, most recently changed
 * first. Progress is private and never part of it. A review a moderator hid is listed to its
 * author alone, who sees nothing different.
 */
export async function listWorkReviews(
  db: Db,
  viewer: Principal,
  workId: number,
  opts: { page: number; pageSize: number },
): Promise<{ reviews: WorkReview[]; totalCount: number }> {
  if (!(await workExists(db, workId))) throw fail('WORK_NOT_FOUND');
  const viewerId = userIdOf(viewer);
  const count = await countPublicReviews(db, workId, viewerId);
  const rows = await publicReviewsPage(db, workId, viewerId, opts.pageSize, (opts.page - 1) * opts.pageSize);
  return {
    totalCount: count,
    reviews: rows.map((r) => ({
      userName: r.name,
      rating: r.rating,
      review_text: r.review_text,
      updatedAt: Number(r.updated_at),
      mine: r.user_id === viewerId,
    })),
  };
}
