/**
 * Tag votes and user-added tags (docs/product.md §3, §7.5). A user has one vote per work–tag (up 1, down 2;
 * 0 removes it). The counters and vote status of a work's tag always follow from the votes by
 * `voteStatusOf` (docs/tag-votes.md); they are recomputed from `tag_votes` inside the writing
 * transaction with the work row locked, so racing votes leave them exact.
 */
import { TAG_VOTE, TAG_VOTE_STATUS } from '@sasayaki/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { lockWork, REVIEW_MESSAGES } from './reviews.ts';

export const VOTE_MESSAGES = {
  badStatus: 'status must be 0 (no vote), 1 (up) or 2 (down)',
  tagNotOnWork: 'tag is not attached to this work',
  tagNotFound: 'tag not found',
  voted: 'vote saved',
  attached: 'tags attached',
  tooMany: 'at most 20 tags at once',
} as const;

export const ATTACH_MAX = 20;
/** A user-added tag becomes normal once its net score reaches this. */
export const NORMAL_NET_SCORE = 2;
/** A tag is downvoted once it has at least this many downvotes and more down than up. */
export const DOWNVOTED_MIN = 2;

/**
 * The rule (docs/tag-votes.md): downvoted when down ≥ 2 and down > up; otherwise a tag from the
 * work's metadata is normal, and a user-added tag is weak until up − down ≥ 2.
 */
export function voteStatusOf(origin: string, up: number, down: number): number {
  if (down >= DOWNVOTED_MIN && down > up) return TAG_VOTE_STATUS.downvoted;
  if (origin !== 'user') return TAG_VOTE_STATUS.normal;
  return up - down >= NORMAL_NET_SCORE ? TAG_VOTE_STATUS.normal : TAG_VOTE_STATUS.weak;
}

export interface TagVoteState {
  id: number;
  upvote: number;
  downvote: number;
  voteStatus: number;
  myVote: number;
}

/** Recomputes the counters and vote status of one work–tag from its votes. */
export async function recount(tx: Transaction<Database>, workId: number, tagId: number): Promise<void> {
  const wt = await tx
    .selectFrom('work_tags')
    .select('origin')
    .where('work_id', '=', workId)
    .where('tag_id', '=', tagId)
    .executeTakeFirst();
  if (!wt) return;
  const rows = await tx
    .selectFrom('tag_votes')
    .select(['status'])
    .where('work_id', '=', workId)
    .where('tag_id', '=', tagId)
    .execute();
  const up = rows.filter((r) => r.status === TAG_VOTE.up).length;
  const down = rows.filter((r) => r.status === TAG_VOTE.down).length;
  await tx
    .updateTable('work_tags')
    .set({ upvote: up, downvote: down, vote_status: voteStatusOf(wt.origin, up, down) })
    .where('work_id', '=', workId)
    .where('tag_id', '=', tagId)
    .execute();
}

async function setVote(
  tx: Transaction<Database>,
  userId: number,
  workId: number,
  tagId: number,
  status: number,
): Promise<void> {
  await tx
    .deleteFrom('tag_votes')
    .where('user_id', '=', userId)
    .where('work_id', '=', workId)
    .where('tag_id', '=', tagId)
    .execute();
  if (status !== TAG_VOTE.none) {
    await tx
      .insertInto('tag_votes')
      .values({ user_id: userId, work_id: workId, tag_id: tagId, status, created_at: Date.now() })
      .execute();
  }
  await recount(tx, workId, tagId);
}

async function stateOf(db: Db, userId: number, workId: number, tagIds: number[]): Promise<TagVoteState[]> {
  if (!tagIds.length) return [];
  const rows = await db.db
    .selectFrom('work_tags as wt')
    .leftJoin('tag_votes as v', (j) =>
      j
        .onRef('v.work_id', '=', 'wt.work_id')
        .onRef('v.tag_id', '=', 'wt.tag_id')
        .on('v.user_id', '=', userId),
    )
    .select(['wt.tag_id', 'wt.upvote', 'wt.downvote', 'wt.vote_status', 'v.status'])
    .where('wt.work_id', '=', workId)
    .where('wt.tag_id', 'in', tagIds)
    .orderBy('wt.tag_id')
    .execute();
  return rows.map((r) => ({
    id: r.tag_id,
    upvote: r.upvote,
    downvote: r.downvote,
    voteStatus: r.vote_status,
    myVote: r.status ?? TAG_VOTE.none,
  }));
}

export async function voteWorkTag(
  db: Db,
  userId: number,
  workId: number,
  tagId: number,
  status: number,
): Promise<TagVoteState> {
  if (![TAG_VOTE.none, TAG_VOTE.up, TAG_VOTE.down].includes(status as 0))
    throw badRequest(VOTE_MESSAGES.badStatus);
  await db.db.transaction().execute(async (tx) => {
    if (!(await lockWork(tx, db.dialect, workId))) throw notFound(REVIEW_MESSAGES.workNotFound);
    const attached = await tx
      .selectFrom('work_tags')
      .select('tag_id')
      .where('work_id', '=', workId)
      .where('tag_id', '=', tagId)
      .executeTakeFirst();
    if (!attached) throw notFound(VOTE_MESSAGES.tagNotOnWork);
    await setVote(tx, userId, workId, tagId, status);
  });
  const [state] = await stateOf(db, userId, workId, [tagId]);
  return state!;
}

/**
 * Attaches existing tags to a work. A tag new to the work starts weak (origin `user`); the
 * attaching user's upvote is recorded, so a second user's upvote makes it normal.
 */
export async function attachTags(
  db: Db,
  userId: number,
  workId: number,
  rawTagIds: number[],
): Promise<TagVoteState[]> {
  const tagIds = [...new Set(rawTagIds)];
  if (!tagIds.length) throw badRequest('tagIDs must list at least one tag id');
  if (tagIds.length > ATTACH_MAX) throw badRequest(VOTE_MESSAGES.tooMany);
  await db.db.transaction().execute(async (tx) => {
    if (!(await lockWork(tx, db.dialect, workId))) throw notFound(REVIEW_MESSAGES.workNotFound);
    const known = await tx.selectFrom('tags').select('id').where('id', 'in', tagIds).execute();
    const missing = tagIds.filter((id) => !known.some((k) => k.id === id));
    if (missing.length) throw notFound(`${VOTE_MESSAGES.tagNotFound}: ${missing.join(', ')}`);
    const present = await tx
      .selectFrom('work_tags')
      .select('tag_id')
      .where('work_id', '=', workId)
      .where('tag_id', 'in', tagIds)
      .execute();
    const now = Date.now();
    for (const tagId of tagIds) {
      if (!present.some((p) => p.tag_id === tagId)) {
        await tx
          .insertInto('work_tags')
          .values({
            work_id: workId,
            tag_id: tagId,
            origin: 'user',
            added_by: userId,
            vote_status: TAG_VOTE_STATUS.weak,
            created_at: now,
          })
          .execute();
      }
      await setVote(tx, userId, workId, tagId, TAG_VOTE.up);
    }
  });
  return stateOf(db, userId, workId, tagIds);
}
