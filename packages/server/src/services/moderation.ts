/**
 * Moderation in the console: reviews (hide from everyone but the author, or delete) and tags on
 * a work (remove, with the votes on it). A removed tag stays removed: the scanner reads the
 * removals (work_tag_removals) and does not link it again when it re-reads the work's metadata.
 */
import { type ModeratedReview, workCodeOfId } from '@sasayaki/contract';
import { requireAccess } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import { fail } from '../errors.ts';
import {
  countModerationReviews,
  deleteReviewRow,
  moderationReviewsPage,
  updateReviewHidden,
} from '../repositories/reviews.ts';
import { findUserRowById } from '../repositories/users.ts';
import { deleteWorkTag, insertTagRemoval } from '../repositories/votes.ts';
import { recordAudit } from './audit.ts';
import { lockWork, refreshWorkRating } from './reviews.ts';

/** A review as the audit log names it: its author and the work. */
async function reviewTarget(db: Db, userId: number, workId: number): Promise<string> {
  return `${(await findUserRowById(db, userId))?.name ?? userId} · ${workCodeOfId(workId)}`;
}

export async function listModeratedReviews(
  db: Db,
  viewer: Principal,
  opts: { search: string; hidden?: boolean; page: number; pageSize: number },
): Promise<{ reviews: ModeratedReview[]; total: number }> {
  requireAccess(viewer, 'admin');
  const search = opts.search.trim();
  const rows = await moderationReviewsPage(
    db,
    search,
    opts.hidden,
    opts.pageSize,
    (opts.page - 1) * opts.pageSize,
  );
  const total = await countModerationReviews(db, search, opts.hidden);
  return {
    total,
    reviews: rows.map((r) => ({
      userId: r.user_id,
      userName: r.name,
      workId: r.work_id,
      workTitle: r.title,
      rating: r.rating,
      text: r.review_text,
      updatedAt: Number(r.updated_at),
      hidden: r.hidden_at !== null,
    })),
  };
}

/** Hides or shows a review; the work's site rating follows (hidden reviews do not count). */
export async function setReviewHidden(
  db: Db,
  viewer: Principal,
  review: { userId: number; workId: number },
  hidden: boolean,
): Promise<void> {
  requireAccess(viewer, 'admin');
  const { userId, workId } = review;
  await db.transaction().execute(async (tx) => {
    await lockWork(tx, db.dialect, workId);
    const changed = await updateReviewHidden(tx, userId, workId, hidden ? Date.now() : null);
    if (!changed) throw fail('REVIEW_NOT_FOUND');
    await refreshWorkRating(tx, workId);
  });
  await recordAudit(db, viewer, {
    action: hidden ? 'review.hide' : 'review.show',
    target: await reviewTarget(db, userId, workId),
    details: { userId, workId },
  });
}

export async function deleteReviewByModerator(
  db: Db,
  viewer: Principal,
  review: { userId: number; workId: number },
): Promise<void> {
  requireAccess(viewer, 'admin');
  const { userId, workId } = review;
  await db.transaction().execute(async (tx) => {
    await lockWork(tx, db.dialect, workId);
    if (!(await deleteReviewRow(tx, userId, workId))) throw fail('REVIEW_NOT_FOUND');
    await refreshWorkRating(tx, workId);
  });
  await recordAudit(db, viewer, {
    action: 'review.delete',
    target: `work ${workId}`,
    details: { userId, workId },
  });
}

/** Removes a tag from a work with its votes; the removal is kept so later scans do not link it again. */
export async function removeTagFromWork(
  db: Db,
  viewer: Principal,
  workId: number,
  tagId: number,
): Promise<void> {
  requireAccess(viewer, 'admin');
  await db.transaction().execute(async (tx) => {
    if (!(await lockWork(tx, db.dialect, workId))) throw fail('WORK_NOT_FOUND');
    if (!(await deleteWorkTag(tx, workId, tagId))) throw fail('TAG_NOT_ON_WORK');
    await insertTagRemoval(tx, workId, tagId, Date.now());
  });
  await recordAudit(db, viewer, {
    action: 'work.tag-remove',
    target: `work ${workId}`,
    details: { workId, tagId },
  });
}
