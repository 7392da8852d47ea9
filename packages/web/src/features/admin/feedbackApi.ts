import { call } from '../../shared/api/client.ts';

export type { FeedbackItem } from '@sasayaki/contract';

export const FEEDBACK_PAGE_SIZE = 20;

export const fetchFeedback = (page: number, open: boolean, signal?: AbortSignal) =>
  call(
    'GET /api/admin/feedback',
    { query: { page, pageSize: FEEDBACK_PAGE_SIZE, open: open ? true : undefined } },
    { signal },
  );

export const setHandled = (id: number, handled: boolean) =>
  call('POST /api/admin/feedback/handle', { body: { id, handled } });
