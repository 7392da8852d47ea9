/** The problem reports' calls for administrators (contract: routes/feedback.ts). */
import type { EndpointBody, EndpointQuery } from '@sasayaki/contract';
import { call } from '../../shared/api/client.ts';

export type { FeedbackItem } from '@sasayaki/contract';

export const FEEDBACK_PAGE_SIZE = 20;

/** A page of reports; a refusal is shown by the list itself (kit/ConsoleList.tsx). */
export const fetchFeedback = (query: EndpointQuery<'GET /api/admin/feedback'>, signal?: AbortSignal) =>
  call('GET /api/admin/feedback', { query }, { signal, silent: true });

export const setHandled = (body: EndpointBody<'POST /api/admin/feedback/handle'>) =>
  call('POST /api/admin/feedback/handle', { body });
