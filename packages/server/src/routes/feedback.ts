/**
 * "Report a problem": anyone may send a report about a work (rate-limited per address);
 * administrators list the reports, newest first, and mark them handled.
 */
import { FEEDBACK_CATEGORIES, LIMITS } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorize } from '../access.ts';
import { errorResponses, messageSchema, str, workIdFrom, workIdParam } from '../auth/apiSchemas.ts';
import { HttpError } from '../errors.ts';
import { addFeedback, listFeedback, setFeedbackHandled } from '../services/feedback.ts';
import { FEEDBACK_LIMIT, RATE_LIMITED, WindowLimiter } from '../services/rateLimit.ts';

const feedbackItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    category: { type: 'string' },
    details: { type: 'string' },
    url: { type: 'string' },
    createdAt: { type: 'integer' },
    handled: { type: 'boolean' },
    handledAt: { type: ['integer', 'null'] },
    userName: { type: ['string', 'null'] },
    work: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, source_id: { type: 'string' }, title: { type: 'string' } },
    },
  },
} as const;

export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const byAddress = new WindowLimiter(FEEDBACK_LIMIT.perAddress, FEEDBACK_LIMIT.windowMs);
  const security = [{ bearer: [] }];

  app.post<{ Body: { work_id: number | string; category: string; details: string; url?: string } }>(
    '/api/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Report a problem with a work (login optional; 10 reports per address an hour)',
        description: `category: ${FEEDBACK_CATEGORIES.join(', ')}; details: 1–${LIMITS.feedbackDetails} characters. Errors carry a code: FEEDBACK_CATEGORY, FEEDBACK_DETAILS_EMPTY, FEEDBACK_DETAILS_TOO_LONG (400), WORK_NOT_FOUND (404), FEEDBACK_RATE_LIMITED (429).`,
        body: {
          type: 'object',
          properties: {
            work_id: workIdParam,
            category: str(40),
            // The service gives the friendly cap; this one only stops oversized bodies early.
            details: str(LIMITS.feedbackDetails * 4),
            url: str(8000),
          },
          required: ['work_id', 'category', 'details'],
        },
        response: {
          200: { ...messageSchema, properties: { ...messageSchema.properties, id: { type: 'integer' } } },
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const limit = byAddress.check(req.ip);
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfter));
        throw new HttpError(429, RATE_LIMITED, undefined, 'FEEDBACK_RATE_LIMITED');
      }
      const p = req.principal;
      const id = await addFeedback(db, {
        userId: p.kind === 'account' ? p.id : null,
        workId: workIdFrom(req.body.work_id, 'work_id'),
        category: req.body.category,
        details: req.body.details,
        url: req.body.url,
      });
      // Only stored reports count: a refused one can be corrected and sent again.
      byAddress.hit(req.ip);
      return { message: 'feedback received', id };
    },
  );

  app.get<{ Querystring: { page?: number; pageSize?: number; open?: boolean } }>(
    '/api/admin/feedback',
    {
      schema: {
        tags: ['admin', 'feedback'],
        summary: 'Problem reports, newest first; `open=true` keeps the unhandled ones',
        security,
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: LIMITS.pageSizeMax },
            open: { type: 'boolean' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              feedback: { type: 'array', items: feedbackItem },
              pagination: {
                type: 'object',
                properties: {
                  currentPage: { type: 'integer' },
                  pageSize: { type: 'integer' },
                  totalCount: { type: 'integer' },
                },
              },
            },
            required: ['feedback', 'pagination'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      authorize(req, 'admin');
      const page = req.query.page ?? 1;
      const pageSize = req.query.pageSize ?? LIMITS.pageSizeDefault;
      const { items, totalCount } = await listFeedback(db, { page, pageSize, open: req.query.open });
      return { feedback: items, pagination: { currentPage: page, pageSize, totalCount } };
    },
  );

  app.post<{ Body: { id: number; handled: boolean } }>(
    '/api/admin/feedback/handle',
    {
      schema: {
        tags: ['admin', 'feedback'],
        summary: 'Mark a problem report handled (or open again)',
        security,
        body: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1 }, handled: { type: 'boolean' } },
          required: ['id', 'handled'],
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      authorize(req, 'admin');
      await setFeedbackHandled(db, req.body.id, req.body.handled);
      return { message: req.body.handled ? 'feedback handled' : 'feedback reopened' };
    },
  );
};
