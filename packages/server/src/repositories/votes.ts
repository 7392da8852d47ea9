/** The `tag_votes` table and the counters they feed on `work_tags`. */
import type { Queryable } from './queryable.ts';

export async function workTagOrigin(
  q: Queryable,
  workId: number,
  tagId: number,
): Promise<string | undefined> {
  const row = await q
    .selectFrom('work_tags')
    .select('origin')
    .where('work_id', '=', workId)
    .where('tag_id', '=', tagId)
    .executeTakeFirst();
  return row?.origin;
}

export async function voteStatuses(q: Queryable, workId: number, tagId: number): Promise<number[]> {
  const rows = await q
    .selectFrom('tag_votes')
    .select(['status'])
    .where('work_id', '=', workId)
    .where('tag_id', '=', tagId)
    .execute();
  return rows.map((r) => r.status);
}

export async function updateWorkTagCounts(
  q: Queryable,
  workId: number,
  tagId: number,
  counts: { upvote: number; downvote: number; vote_status: number },
): Promise<void> {
  await q
    .updateTable('work_tags')
    .set(counts)
    .where('work_id', '=', workId)
    .where('tag_id', '=', tagId)
    .execute();
}

export async function deleteVote(q: Queryable, userId: number, workId: number, tagId: number): Promise<void> {
  await q
    .deleteFrom('tag_votes')
    .where('user_id', '=', userId)
    .where('work_id', '=', workId)
    .where('tag_id', '=', tagId)
    .execute();
}

export async function insertVote(
  q: Queryable,
  row: { user_id: number; work_id: number; tag_id: number; status: number; created_at: number },
): Promise<void> {
  await q.insertInto('tag_votes').values(row).execute();
}

export interface TagVoteStateRow {
  tag_id: number;
  upvote: number;
  downvote: number;
  vote_status: number;
  status: number | null;
}

/** The counters of these tags of a work, with this user's own vote on each. */
export async function tagVoteStates(
  q: Queryable,
  userId: number,
  workId: number,
  tagIds: readonly number[],
): Promise<TagVoteStateRow[]> {
  return q
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
}

/** Those of these tags that are attached to the work. */
export async function attachedTagIds(
  q: Queryable,
  workId: number,
  tagIds: readonly number[],
): Promise<number[]> {
  const rows = await q
    .selectFrom('work_tags')
    .select('tag_id')
    .where('work_id', '=', workId)
    .where('tag_id', 'in', tagIds)
    .execute();
  return rows.map((r) => r.tag_id);
}

/** Those of these ids that name a tag. */
export async function existingTagIds(q: Queryable, tagIds: readonly number[]): Promise<number[]> {
  const rows = await q.selectFrom('tags').select('id').where('id', 'in', tagIds).execute();
  return rows.map((r) => r.id);
}

export async function insertUserWorkTag(
  q: Queryable,
  row: { work_id: number; tag_id: number; added_by: number; vote_status: number; created_at: number },
): Promise<void> {
  await q
    .insertInto('work_tags')
    .values({ ...row, origin: 'user' })
    .execute();
}

export async function votedWorkTagsOfUser(
  q: Queryable,
  userId: number,
): Promise<{ work_id: number; tag_id: number }[]> {
  return q.selectFrom('tag_votes').select(['work_id', 'tag_id']).where('user_id', '=', userId).execute();
}

export async function deleteVotesOfUser(q: Queryable, userId: number): Promise<void> {
  await q.deleteFrom('tag_votes').where('user_id', '=', userId).execute();
}

/** Unlinks a tag from a work with every vote on the link; the number of links removed (0 or 1). */
export async function deleteWorkTag(q: Queryable, workId: number, tagId: number): Promise<number> {
  await q.deleteFrom('tag_votes').where('work_id', '=', workId).where('tag_id', '=', tagId).execute();
  const res = await q
    .deleteFrom('work_tags')
    .where('work_id', '=', workId)
    .where('tag_id', '=', tagId)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Remembers that a moderator removed the tag, so the scanner does not link it again. */
export async function insertTagRemoval(
  q: Queryable,
  workId: number,
  tagId: number,
  now: number,
): Promise<void> {
  await q
    .insertInto('work_tag_removals')
    .values({ work_id: workId, tag_id: tagId, removed_at: now })
    .onConflict((oc) => oc.columns(['work_id', 'tag_id']).doUpdateSet({ removed_at: now }))
    .execute();
}
