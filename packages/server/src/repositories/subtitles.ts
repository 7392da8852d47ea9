/** The `subtitle_contributions` table and the work's count of accepted ones. */
import { type Insertable, sql, type Updateable } from 'kysely';
import type { SubtitleContributionRow, SubtitleContributionsTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

/** A contribution with the titles it is shown with (null when the work or file is gone). */
export type ContributionListRow = SubtitleContributionRow & {
  work_title: string | null;
  file_path: string | null;
  file_duration: number | null;
};

export async function insertContribution(
  q: Queryable,
  row: Insertable<SubtitleContributionsTable>,
): Promise<SubtitleContributionRow> {
  return q.insertInto('subtitle_contributions').values(row).returningAll().executeTakeFirstOrThrow();
}

function listed(q: Queryable) {
  return q
    .selectFrom('subtitle_contributions as s')
    .leftJoin('works as w', 'w.id', 's.work_id')
    .leftJoin('files as f', 'f.id', 's.file_id')
    .selectAll('s')
    .select(['w.title as work_title', 'f.path as file_path', 'f.duration as file_duration']);
}

export async function contributionById(q: Queryable, id: number): Promise<ContributionListRow | undefined> {
  return listed(q).where('s.id', '=', id).executeTakeFirst();
}

/** Contributions of an account (newest first) or of a status (oldest first), at most `limit`. */
export async function listContributions(
  q: Queryable,
  by: { userId?: number; status?: string },
  limit: number,
): Promise<ContributionListRow[]> {
  let query = listed(q);
  if (by.userId !== undefined) query = query.where('s.user_id', '=', by.userId);
  if (by.status !== undefined) query = query.where('s.status', '=', by.status);
  const dir = by.userId !== undefined ? 'desc' : 'asc';
  return query.orderBy('s.created_at', dir).orderBy('s.id', dir).limit(limit).execute();
}

/** The accepted contributions timed to these audio files. */
export async function acceptedOfFiles(
  q: Queryable,
  fileIds: readonly number[],
): Promise<SubtitleContributionRow[]> {
  if (!fileIds.length) return [];
  return q
    .selectFrom('subtitle_contributions')
    .selectAll()
    .where('file_id', 'in', [...fileIds])
    .where('status', '=', 'accepted')
    .orderBy('language')
    .orderBy('id')
    .execute();
}

export async function updateContribution(
  q: Queryable,
  id: number,
  patch: Updateable<SubtitleContributionsTable>,
  whenStatus: string,
): Promise<boolean> {
  const r = await q
    .updateTable('subtitle_contributions')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', whenStatus)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks the accepted subtitle of a track in a language as replaced; its version, if any. */
export async function supersedeAccepted(q: Queryable, fileId: number, language: string): Promise<number> {
  const prev = await q
    .selectFrom('subtitle_contributions')
    .select(sql<number>`max(version)`.as('v'))
    .where('file_id', '=', fileId)
    .where('language', '=', language)
    .where('version', 'is not', null)
    .executeTakeFirst();
  await q
    .updateTable('subtitle_contributions')
    .set({ status: 'superseded' })
    .where('file_id', '=', fileId)
    .where('language', '=', language)
    .where('status', '=', 'accepted')
    .execute();
  return Number(prev?.v ?? 0);
}

/** Files an account sent since `since`. */
export async function countSentSince(q: Queryable, userId: number, since: number): Promise<number> {
  const r = await q
    .selectFrom('subtitle_contributions')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Bytes kept on disk: every text but rejected ones (replaced versions stay as history). */
export async function storedBytes(q: Queryable): Promise<number> {
  const r = await q
    .selectFrom('subtitle_contributions')
    .select(sql<number>`coalesce(sum(size), 0)`.as('n'))
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Whether this text is already pending or accepted for the track. */
export async function sameTextKept(q: Queryable, fileId: number, sha256: string): Promise<boolean> {
  const r = await q
    .selectFrom('subtitle_contributions')
    .select('id')
    .where('file_id', '=', fileId)
    .where('sha256', '=', sha256)
    .where('status', 'in', ['pending', 'accepted'])
    .executeTakeFirst();
  return r !== undefined;
}

/** Sets the work's count of accepted contributions (a write to `works` moves the catalogue generation). */
export async function recountWork(q: Queryable, workId: number): Promise<void> {
  const r = await q
    .selectFrom('subtitle_contributions')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('work_id', '=', workId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  await q
    .updateTable('works')
    .set({ community_subtitles: Number(r?.n ?? 0) })
    .where('id', '=', workId)
    .execute();
}
