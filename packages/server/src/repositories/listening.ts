/**
 * Listening state of accounts: `listening_positions`, `play_queues`, `listening_history` and
 * `listening_settings`. Writes that carry a client time only replace an older row: the
 * conditional upserts below are the "later one wins" rule, applied by the database in one
 * statement so two devices writing at once cannot undo each other.
 */
import type { Insertable, Selectable } from 'kysely';
import type {
  ListeningHistoryTable,
  ListeningPositionsTable,
  ListeningSettingsTable,
  PlayQueuesTable,
} from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export type PositionRow = Selectable<ListeningPositionsTable>;
export type HistoryRow = Selectable<ListeningHistoryTable>;
export type QueueRow = Selectable<PlayQueuesTable>;

/** An audio file of the library with what answers show of it. */
export interface TrackFileRow {
  id: number;
  work_id: number;
  path: string;
  duration: number | null;
  work_title: string;
}

/** The audio files among these ids (at most a thousand), with their work's title. */
export async function audioFilesAmong(q: Queryable, fileIds: readonly number[]): Promise<TrackFileRow[]> {
  if (fileIds.length === 0) return [];
  return q
    .selectFrom('files')
    .innerJoin('works', 'works.id', 'files.work_id')
    .select(['files.id', 'files.work_id', 'files.path', 'files.duration', 'works.title as work_title'])
    .where('files.id', 'in', fileIds)
    .where('files.type', '=', 'audio')
    .execute();
}

/** Inserts or replaces positions whose time is not older than the kept one; answers how many. */
export async function upsertPositions(
  q: Queryable,
  rows: readonly Insertable<ListeningPositionsTable>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const res = await q
    .insertInto('listening_positions')
    .values([...rows])
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'file_id'])
        .doUpdateSet((eb) => ({
          work_id: eb.ref('excluded.work_id'),
          position: eb.ref('excluded.position'),
          duration: eb.ref('excluded.duration'),
          device: eb.ref('excluded.device'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('listening_positions.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

export async function positionsOfWork(q: Queryable, userId: number, workId: number): Promise<PositionRow[]> {
  return q
    .selectFrom('listening_positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('work_id', '=', workId)
    .execute();
}

export async function positionsOfFiles(
  q: Queryable,
  userId: number,
  fileIds: readonly number[],
): Promise<PositionRow[]> {
  if (fileIds.length === 0) return [];
  return q
    .selectFrom('listening_positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('file_id', 'in', fileIds)
    .execute();
}

/** What a clearing of history (and the positions kept with it) removes: one track, one work or all. */
export type ListeningTarget = { fileId: number } | { workId: number } | 'all';

export async function deletePositions(
  q: Queryable,
  userId: number,
  target: ListeningTarget,
): Promise<number> {
  let query = q.deleteFrom('listening_positions').where('user_id', '=', userId);
  if (target !== 'all') {
    query =
      'fileId' in target
        ? query.where('file_id', '=', target.fileId)
        : query.where('work_id', '=', target.workId);
  }
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

/** Inserts or replaces history entries played no earlier than the kept one; answers how many. */
export async function upsertHistory(
  q: Queryable,
  rows: readonly Insertable<ListeningHistoryTable>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const res = await q
    .insertInto('listening_history')
    .values([...rows])
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'file_id'])
        .doUpdateSet((eb) => ({
          work_id: eb.ref('excluded.work_id'),
          position: eb.ref('excluded.position'),
          duration: eb.ref('excluded.duration'),
          played_at: eb.ref('excluded.played_at'),
        }))
        .where('listening_history.played_at', '<=', (eb) => eb.ref('excluded.played_at')),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

export async function deleteHistory(q: Queryable, userId: number, target: ListeningTarget): Promise<number> {
  let query = q.deleteFrom('listening_history').where('user_id', '=', userId);
  if (target !== 'all') {
    query =
      'fileId' in target
        ? query.where('file_id', '=', target.fileId)
        : query.where('work_id', '=', target.workId);
  }
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

/** One page of the works in an account's history (still in the library), last played first. */
export async function historyWorksPage(
  q: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ work_id: number; played_at: number }[]> {
  const rows = await q
    .selectFrom('listening_history as h')
    .innerJoin('works', 'works.id', 'h.work_id')
    .select((eb) => ['h.work_id', eb.fn.max('h.played_at').as('played_at')])
    .where('h.user_id', '=', userId)
    .groupBy('h.work_id')
    .orderBy('played_at', 'desc')
    .orderBy('h.work_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ work_id: r.work_id, played_at: Number(r.played_at) }));
}

export async function countHistoryWorks(q: Queryable, userId: number): Promise<number> {
  const row = await q
    .selectFrom('listening_history as h')
    .innerJoin('works', 'works.id', 'h.work_id')
    .select((eb) => eb.fn.count<number>('h.work_id').distinct().as('n'))
    .where('h.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type HistoryTrackRow = HistoryRow & { path: string };

/** The history entries of these works whose files still exist, most recent first. */
export async function historyTracksOfWorks(
  q: Queryable,
  userId: number,
  workIds: readonly number[],
): Promise<HistoryTrackRow[]> {
  if (workIds.length === 0) return [];
  return q
    .selectFrom('listening_history as h')
    .innerJoin('files', 'files.id', 'h.file_id')
    .select(['h.user_id', 'h.work_id', 'h.file_id', 'h.position', 'h.duration', 'h.played_at', 'files.path'])
    .where('h.user_id', '=', userId)
    .where('h.work_id', 'in', workIds)
    .orderBy('h.played_at', 'desc')
    .orderBy('h.file_id', 'desc')
    .execute();
}

/**
 * The most recent unfinished history entries (position short of the end by more than `margin`
 * seconds) whose files still exist; the caller keeps the first per work.
 */
export async function recentUnfinished(
  q: Queryable,
  userId: number,
  margin: number,
  limit: number,
): Promise<HistoryTrackRow[]> {
  return q
    .selectFrom('listening_history as h')
    .innerJoin('files', 'files.id', 'h.file_id')
    .select(['h.user_id', 'h.work_id', 'h.file_id', 'h.position', 'h.duration', 'h.played_at', 'files.path'])
    .where('h.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('h.duration', 'is', null),
        eb('h.duration', '<=', 0),
        eb('h.position', '<', eb('h.duration', '-', margin)),
      ]),
    )
    .orderBy('h.played_at', 'desc')
    .orderBy('h.file_id', 'desc')
    .limit(limit)
    .execute();
}

export async function findQueue(q: Queryable, userId: number): Promise<QueueRow | undefined> {
  return q.selectFrom('play_queues').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Saves the queue unless a later one is kept; answers whether it was saved. */
export async function upsertQueue(q: Queryable, row: Insertable<PlayQueuesTable>): Promise<boolean> {
  const res = await q
    .insertInto('play_queues')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          tracks: eb.ref('excluded.tracks'),
          current_index: eb.ref('excluded.current_index'),
          position: eb.ref('excluded.position'),
          device: eb.ref('excluded.device'),
          device_id: eb.ref('excluded.device_id'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('play_queues.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findListeningSettings(
  q: Queryable,
  userId: number,
): Promise<Selectable<ListeningSettingsTable> | undefined> {
  return q.selectFrom('listening_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertListeningSettings(
  q: Queryable,
  row: Insertable<ListeningSettingsTable>,
): Promise<void> {
  await q
    .insertInto('listening_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        record_history: eb.ref('excluded.record_history'),
        updated_at: eb.ref('excluded.updated_at'),
        history_paused_from: eb.ref('excluded.history_paused_from'),
        history_paused_until: eb.ref('excluded.history_paused_until'),
      })),
    )
    .execute();
}

/** A clearing's scope in `listening_cutoffs`. */
export const cutoffScope = (target: ListeningTarget): string =>
  target === 'all' ? 'all' : 'fileId' in target ? `f:${target.fileId}` : `w:${target.workId}`;

/** Marks a clearing at `at`, never moving a later cut-off back; a clearing of all supersedes the others. */
export async function markCutoff(
  q: Queryable,
  userId: number,
  target: ListeningTarget,
  at: number,
): Promise<void> {
  if (target === 'all') {
    await q.deleteFrom('listening_cutoffs').where('user_id', '=', userId).where('cut_at', '<=', at).execute();
  }
  await q
    .insertInto('listening_cutoffs')
    .values({ user_id: userId, scope: cutoffScope(target), cut_at: at })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'scope'])
        .doUpdateSet((eb) => ({ cut_at: eb.ref('excluded.cut_at') }))
        .where('listening_cutoffs.cut_at', '<', (eb) => eb.ref('excluded.cut_at')),
    )
    .execute();
}

/** The cut-offs of an account among these scopes (and 'all'), by scope. */
export async function cutoffsAmong(
  q: Queryable,
  userId: number,
  scopes: readonly string[],
): Promise<Map<string, number>> {
  const rows = await q
    .selectFrom('listening_cutoffs')
    .select(['scope', 'cut_at'])
    .where('user_id', '=', userId)
    .where('scope', 'in', ['all', ...scopes])
    .execute();
  return new Map(rows.map((r) => [r.scope, Number(r.cut_at)]));
}
