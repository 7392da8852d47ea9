/**
 * Tag votes and user-added tags (docs/product.md §3, §7.5). A user has one vote per work–tag (up 1, down 2;
 * 0 removes it). The counters and vote status of a work's tag always follow from the votes by
 * `voteStatusOf` (docs/tag-votes.md); they are recomputed from `tag_votes` inside the writing
 * transaction with the work row locked, so racing votes leave them exact.
 */
import { TAG_VOTE, TAG_VOTE_STATUS } from '@sasayaki/contract';
import type { Transaction } from 'kysely';
import { type Action, requireAccess, requireAccount } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { findUserRowById } from '../repositories/users.ts';
import {
  attachedTagIds,
  deleteVote,
  existingTagIds,
  insertUserWorkTag,
  insertVote,
  tagVoteStates,
  updateWorkTagCounts,
  voteStatuses,
  workTagOrigin,
} from '../repositories/votes.ts';
import { lockWork } from './reviews.ts';

/** The viewer, who may vote on or attach tags: not the shared guest, and with a bound email. */
async function voterOf(db: Db, viewer: Principal, action: Extract<Action, 'tag.vote' | 'tag.attach'>) {
  const me = requireAccount(viewer);
  const row = await findUserRowById(db, me.id);
  requireAccess(me, action, { account: { hasEmail: !!row?.email } });
  return me.id;
}

export const VOTE_MESSAGES = {
  voted: 'vote saved',
  attached: 'tags attached',
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
  const origin = await workTagOrigin(tx, workId, tagId);
  if (origin === undefined) return;
  const statuses = await voteStatuses(tx, workId, tagId);
  const up = statuses.filter((s) => s === TAG_VOTE.up).length;
  const down = statuses.filter((s) => s === TAG_VOTE.down).length;
  await updateWorkTagCounts(tx, workId, tagId, {
    upvote: up,
    downvote: down,
    vote_status: voteStatusOf(origin, up, down),
  });
}

async function setVote(
  tx: Transaction<Database>,
  userId: number,
  workId: number,
  tagId: number,
  status: number,
): Promise<void> {
  await deleteVote(tx, userId, workId, tagId);
  if (status !== TAG_VOTE.none) {
    await insertVote(tx, { user_id: userId, work_id: workId, tag_id: tagId, status, created_at: Date.now() });
  }
  await recount(tx, workId, tagId);
}

async function stateOf(db: Db, userId: number, workId: number, tagIds: number[]): Promise<TagVoteState[]> {
  if (!tagIds.length) return [];
  const rows = await tagVoteStates(db, userId, workId, tagIds);
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
  viewer: Principal,
  workId: number,
  tagId: number,
  status: number,
): Promise<TagVoteState> {
  const userId = await voterOf(db, viewer, 'tag.vote');
  if (![TAG_VOTE.none, TAG_VOTE.up, TAG_VOTE.down].includes(status as 0)) throw fail('VOTE_STATUS_INVALID');
  await db.transaction().execute(async (tx) => {
    if (!(await lockWork(tx, db.dialect, workId))) throw fail('WORK_NOT_FOUND');
    const attached = await attachedTagIds(tx, workId, [tagId]);
    if (!attached.length) throw fail('TAG_NOT_ON_WORK');
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
  viewer: Principal,
  workId: number,
  rawTagIds: number[],
): Promise<TagVoteState[]> {
  const userId = await voterOf(db, viewer, 'tag.attach');
  const tagIds = [...new Set(rawTagIds)];
  if (!tagIds.length) throw fail('TAG_IDS_EMPTY');
  if (tagIds.length > ATTACH_MAX) throw fail('TOO_MANY_TAGS', { max: ATTACH_MAX });
  await db.transaction().execute(async (tx) => {
    if (!(await lockWork(tx, db.dialect, workId))) throw fail('WORK_NOT_FOUND');
    const known = await existingTagIds(tx, tagIds);
    const missing = tagIds.filter((id) => !known.includes(id));
    if (missing.length) throw fail('TAGS_NOT_FOUND', { ids: missing.join(', ') });
    const present = await attachedTagIds(tx, workId, tagIds);
    const now = Date.now();
    for (const tagId of tagIds) {
      if (!present.includes(tagId)) {
        await insertUserWorkTag(tx, {
          work_id: workId,
          tag_id: tagId,
          added_by: userId,
          vote_status: TAG_VOTE_STATUS.weak,
          created_at: now,
        });
      }
      await setVote(tx, userId, workId, tagId, TAG_VOTE.up);
    }
  });
  return stateOf(db, userId, workId, tagIds);
}
