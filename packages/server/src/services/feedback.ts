/**
 * "Report a problem" messages: a listener (or an anonymous visitor) tells the administrators what
 * is wrong with a work; administrators page through them, newest first, and mark them handled.
 */
import { FEEDBACK_CATEGORIES, LIMITS } from '@sasayaki/contract';
import { requireAccess } from '../access.ts';
import { type Principal, userIdOf } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import { fail } from '../errors.ts';
import { type FeedbackItem, feedbackItemOf } from '../mappers/feedback.ts';
import { countFeedback, feedbackPage, insertFeedback, setHandledAt } from '../repositories/feedback.ts';
import { workExists } from '../repositories/works.ts';
import { recordAudit } from './audit.ts';

export type { FeedbackItem };

/** How long the page address of a report may be; longer ones are cut (it is only a hint). */
const URL_MAX = 2000;

export interface FeedbackInput {
  workId: number;
  category: string;
  details: string;
  url?: string;
}

/** A report of the viewer (signed in or not); everything is checked before writing, so a refused one leaves no row. */
export async function addFeedback(db: Db, viewer: Principal, input: FeedbackInput): Promise<number> {
  if (!(FEEDBACK_CATEGORIES as readonly string[]).includes(input.category))
    throw fail('FEEDBACK_CATEGORY', { categories: FEEDBACK_CATEGORIES.join(', ') });
  const details = input.details.trim();
  if (details === '') throw fail('FEEDBACK_DETAILS_EMPTY');
  if (details.length > LIMITS.feedbackDetails)
    throw fail('FEEDBACK_DETAILS_TOO_LONG', { max: LIMITS.feedbackDetails });
  if (!(await workExists(db, input.workId))) throw fail('WORK_NOT_FOUND');
  return insertFeedback(db, {
    user_id: userIdOf(viewer),
    work_id: input.workId,
    category: input.category,
    details,
    url: (input.url ?? '').slice(0, URL_MAX),
    created_at: Date.now(),
    handled_at: null,
  });
}

/** One page of reports, newest first; `open` keeps the unhandled ones. */
export async function listFeedback(
  db: Db,
  viewer: Principal,
  opts: { page: number; pageSize: number; open?: boolean },
): Promise<{ items: FeedbackItem[]; totalCount: number }> {
  requireAccess(viewer, 'admin');
  const open = opts.open ?? false;
  const totalCount = await countFeedback(db, open);
  const rows = await feedbackPage(db, open, opts.pageSize, (opts.page - 1) * opts.pageSize);
  return { totalCount, items: rows.map(feedbackItemOf) };
}

/** Marks a report handled (or open again). */
export async function setFeedbackHandled(
  db: Db,
  viewer: Principal,
  id: number,
  handled: boolean,
): Promise<void> {
  requireAccess(viewer, 'admin');
  if ((await setHandledAt(db, id, handled ? Date.now() : null)) === 0) throw fail('FEEDBACK_NOT_FOUND');
  await recordAudit(db, viewer, {
    action: handled ? 'feedback.handle' : 'feedback.reopen',
    target: `#${id}`,
    details: { id },
  });
}
