/** Single rows of the `works` table: existence, locks, the counters users' writes feed. */
import type { WorkRow } from '../db/schema.ts';
import type { Dialect, Queryable } from './queryable.ts';

/** The row of this work id, for a query to select from. */
function workById(q: Queryable, workId: number) {
  return q.selectFrom('works').where('id', '=', workId);
}

/** Every work id of the library, ascending. */
export async function allWorkIds(q: Queryable): Promise<number[]> {
  const rows = await q.selectFrom('works').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function workExists(q: Queryable, workId: number): Promise<boolean> {
  return !!(await workById(q, workId).select('id').executeTakeFirst());
}

/** Locks the work row for the rest of the transaction (PostgreSQL); false when it does not exist. */
export async function lockWorkRow(q: Queryable, dialect: Dialect, workId: number): Promise<boolean> {
  let query = workById(q, workId).select('id');
  if (dialect === 'postgres') query = query.forUpdate();
  return !!(await query.executeTakeFirst());
}

export async function updateWorkRating(
  q: Queryable,
  workId: number,
  rating: Pick<WorkRow, 'site_rate_count' | 'site_rate_average_2dp' | 'site_rate_count_detail'>,
): Promise<void> {
  await q.updateTable('works').set(rating).where('id', '=', workId).execute();
}

export async function findWorkRef(
  q: Queryable,
  workId: number,
): Promise<Pick<WorkRow, 'id' | 'source_id' | 'source_type' | 'title'> | undefined> {
  return workById(q, workId).select(['id', 'source_id', 'source_type', 'title']).executeTakeFirst();
}

/** Where a work's cover is on disk. */
export async function findWorkCover(
  q: Queryable,
  workId: number,
): Promise<Pick<WorkRow, 'id' | 'cover_path' | 'root_index' | 'folder_path'> | undefined> {
  return workById(q, workId).select(['id', 'cover_path', 'root_index', 'folder_path']).executeTakeFirst();
}

/** Those of these ids that are works, in id order. */
export async function workCodesAmong(
  q: Queryable,
  ids: readonly number[],
): Promise<{ id: number; source_id: string }[]> {
  return q.selectFrom('works').select(['id', 'source_id']).where('id', 'in', ids).orderBy('id').execute();
}

/**
 * Up to `limit` work ids from a point of the works' stable random order (`random_key`, indexed)
 * onward: a random page at the cost of an index range read. Wraps to the start when the end
 * comes first.
 */
export async function idsFromRandomKey(
  q: Queryable,
  from: number,
  limit: number,
  rootIndex?: number,
): Promise<number[]> {
  const page = (cond: 'after' | 'before', n: number) => {
    let query = q
      .selectFrom('works')
      .select('id')
      .where('random_key', cond === 'after' ? '>=' : '<', from)
      .orderBy('random_key')
      .orderBy('id')
      .limit(n);
    if (rootIndex !== undefined) query = query.where('root_index', '=', rootIndex);
    return query.execute();
  };
  const first = await page('after', limit);
  const rest = first.length < limit ? await page('before', limit - first.length) : [];
  return [...first, ...rest].map((r) => Number(r.id));
}
