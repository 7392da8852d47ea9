import type { Pagination } from '@sasayaki/contract';
import { api } from '../../shared/api/client.ts';

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

export const FEEDBACK_PAGE_SIZE = 20;

export const fetchFeedback = (page: number, open: boolean, signal?: AbortSignal) =>
  api.get<{ feedback: FeedbackItem[]; pagination: Pagination }>(
    '/api/admin/feedback',
    { page, pageSize: FEEDBACK_PAGE_SIZE, open: open ? true : undefined },
    { signal },
  );

export const setHandled = (id: number, handled: boolean) =>
  api.post<{ message: string }>('/api/admin/feedback/handle', { id, handled });
