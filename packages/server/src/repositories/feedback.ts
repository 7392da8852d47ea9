/** The `feedback` table: reports of problems with a work. */
import type { Selectable } from 'kysely';
import type { FeedbackTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export async function insertFeedback(
  q: Queryable,
  row: Omit<Selectable<FeedbackTable>, 'id'>,
): Promise<number> {
  const inserted = await q.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

function reports(q: Queryable, open: boolean) {
  const base = q.selectFrom('feedback as f');
  return open ? base.where('f.handled_at', 'is', null) : base;
}

export async function countFeedback(q: Queryable, open: boolean): Promise<number> {
  const row = await reports(q, open)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface FeedbackListRow {
  id: number;
  category: string;
  details: string;
  url: string;
  created_at: number;
  handled_at: number | null;
  work_id: number | null;
  user_name: string | null;
  source_id: string | null;
  title: string | null;
}

/** One page of reports with their author's name and their work, newest first. */
export async function feedbackPage(
  q: Queryable,
  open: boolean,
  limit: number,
  offset: number,
): Promise<FeedbackListRow[]> {
  return reports(q, open)
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('works as w', 'w.id', 'f.work_id')
    .select([
      'f.id',
      'f.category',
      'f.details',
      'f.url',
      'f.created_at',
      'f.handled_at',
      'f.work_id',
      'u.name as user_name',
      'w.source_id',
      'w.title',
    ])
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The number of rows changed. */
export async function setHandledAt(q: Queryable, id: number, handledAt: number | null): Promise<number> {
  const res = await q
    .updateTable('feedback')
    .set({ handled_at: handledAt })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
