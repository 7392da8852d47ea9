/** "Report a problem": anyone sends a report about a work; administrators list and handle them. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { MessageBody, Pagination } from '../api.ts';
import { FEEDBACK_CATEGORIES, LIMITS } from '../constants.ts';
import { defineRoute } from './define.ts';
import { OrNull, PageQuery, Refusals, RowId, Str, WorkIdInput } from './fields.ts';

/** A problem report as administrators list it. */
export const FeedbackItem = Type.Object({
  id: Type.Integer(),
  category: Type.String(),
  details: Type.String(),
  url: Type.String(),
  createdAt: Type.Integer(),
  handled: Type.Boolean(),
  handledAt: OrNull(Type.Integer()),
  userName: OrNull(Type.String()),
  work: OrNull(Type.Object({ id: Type.Integer(), source_id: Type.String(), title: Type.String() })),
});
export type FeedbackItem = Static<typeof FeedbackItem>;

export const feedback = {
  send: defineRoute({
    method: 'POST',
    path: '/api/feedback',
    tags: ['feedback'],
    summary: 'Report a problem with a work (login optional; 10 reports per address an hour)',
    description: `category: ${FEEDBACK_CATEGORIES.join(', ')}; details: 1–${LIMITS.feedbackDetails} characters. Errors carry a code: FEEDBACK_CATEGORY, FEEDBACK_DETAILS_EMPTY, FEEDBACK_DETAILS_TOO_LONG (400), WORK_NOT_FOUND (404), FEEDBACK_RATE_LIMITED (429).`,
    body: Type.Object({
      work_id: WorkIdInput,
      category: Str(40),
      // The server gives the friendly cap; this one only stops oversized bodies early.
      details: Str(LIMITS.feedbackDetails * 4),
      url: Type.Optional(Str(8000)),
    }),
    response: {
      200: Type.Object({ message: Type.String(), id: Type.Optional(Type.Integer()) }),
      ...Refusals,
    },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/feedback',
    tags: ['admin', 'feedback'],
    summary: 'Problem reports, newest first; `open=true` keeps the unhandled ones',
    bearer: true,
    querystring: Type.Object({ ...PageQuery, open: Type.Optional(Type.Boolean()) }),
    response: {
      200: Type.Object({ feedback: Type.Array(FeedbackItem), pagination: Pagination }),
      ...Refusals,
    },
  }),
  handle: defineRoute({
    method: 'POST',
    path: '/api/admin/feedback/handle',
    tags: ['admin', 'feedback'],
    summary: 'Mark a problem report handled (or open again)',
    bearer: true,
    body: Type.Object({ id: RowId, handled: Type.Boolean() }),
    response: { 200: MessageBody, ...Refusals },
  }),
};
