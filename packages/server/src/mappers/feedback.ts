/** A report row → the administrators' list item. */
import type { FeedbackItem } from '@sasayaki/contract';
import type { FeedbackListRow } from '../repositories/feedback.ts';

export type { FeedbackItem };

export function feedbackItemOf(r: FeedbackListRow): FeedbackItem {
  return {
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
  };
}
