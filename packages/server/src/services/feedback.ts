/**
 * "Report a problem" messages: a listener (or an anonymous visitor) tells the administrators what
 * is wrong with a work; administrators page through them, newest first, and mark them handled.
 */
import { FEEDBACK_CATEGORIES, LIMITS } from '@sasayaki/contract';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../errors.ts';

export const FEEDBACK_ERRORS = {
  category: () =>
    new HttpError(
      400,
      `category must be one of ${FEEDBACK_CATEGORIES.join(', ')}`,
      undefined,
      'FEEDBACK_CATEGORY',
    ),
  details: () => new HttpError(400, 'details must not be empty', undefined, 'FEEDBACK_DETAILS_EMPTY'),
  tooLong: () =>
    new HttpError(
      400,
      `details must be at most ${LIMITS.feedbackDetails} characters`,
      undefined,
      'FEEDBACK_DETAILS_TOO_LONG',
    ),
  work: () => new HttpError(404, 'Work not found', undefined, 'WORK_NOT_FOUND'),
  notFound: () => new HttpError(404, 'feedback not found', undefined, 'FEEDBACK_NOT_FOUND'),
} as const;

/** How long the page address of a report may be; longer ones are cut (it is only a hint). */
const URL_MAX = 2000;

export interface FeedbackInput {
  userId: number | null;
  workId: number;
  category: string;
  details: string;
  url?: string;
}

/** Checks everything before writing, so a refused report leaves no row. */
export async function addFeedback(db: Db, input: FeedbackInput): Promise<number> {
  if (!(FEEDBACK_CATEGORIES as readonly string[]).includes(input.category)) throw FEEDBACK_ERRORS.category();
  const details = input.details.trim();
  if (details === '') throw FEEDBACK_ERRORS.details();
  if (details.length > LIMITS.feedbackDetails) throw FEEDBACK_ERRORS.tooLong();
  const work = await db.db.selectFrom('works').select('id').where('id', '=', input.workId).executeTakeFirst();
  if (!work) throw FEEDBACK_ERRORS.work();
  const row = await db.db
    .insertInto('feedback')
    .values({
      user_id: input.userId,
      work_id: input.workId,
      category: input.category,
      details,
      url: (input.url ?? '').slice(0, URL_MAX),
      created_at: Date.now(),
      handled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface FeedbackItem {
  id: number;
  category: string;
  details: string;
  url: string;
  createdAt: number;
  handled: boolean;
  handledAt: number | null;
  userName: string | null;
  work: { id: number; source_id: string; title: string } | null;
}

/** One page of reports, newest first; `open` keeps the unhandled ones. */
export async function listFeedback(
  db: Db,
  opts: { page: number; pageSize: number; open?: boolean },
): Promise<{ items: FeedbackItem[]; totalCount: number }> {
  let base = db.db.selectFrom('feedback as f');
  if (opts.open) base = base.where('f.handled_at', 'is', null);
  const count = await base
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
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
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  return {
    totalCount: Number(count.n),
    items: rows.map((r) => ({
      id: Number(r.id),
      category: r.category,
      details: r.details,
      url: r.url,
      createdAt: Number(r.created_at),
      handled: r.handled_at !== null,
      handledAt: r.handled_at === null ? null : Number(r.handled_at),
      userName: r.user_name ?? null,
      // A work the scanner removed since keeps its id in the report but has no title any more.
      work:
        r.work_id === null
          ? null
          : { id: Number(r.work_id), source_id: r.source_id ?? '', title: r.title ?? '' },
    })),
  };
}

/** Marks a report handled (or open again). */
export async function setFeedbackHandled(db: Db, id: number, handled: boolean): Promise<void> {
  const res = await db.db
    .updateTable('feedback')
    .set({ handled_at: handled ? Date.now() : null })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw FEEDBACK_ERRORS.notFound();
}
