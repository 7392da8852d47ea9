/**
 * Reviews and progress (docs/product.md §7.5, docs/compatibility.md): PUT/GET/DELETE /api/review.
 * The caller only ever reads and writes their own reviews: every query is keyed by their id.
 */
import { LIMITS, PROGRESS_VALUES, WORK_ORDERS, WorkList } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorize, requireAccount } from '../access.ts';
import { errorResponses, messageSchema, str, workIdFrom, workIdParam } from '../auth/apiSchemas.ts';
import { listWorks, parseListParams } from '../services/catalogue.ts';
import {
  deleteReview,
  listWorkReviews,
  putReview,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
} from '../services/reviews.ts';
import { publicBase } from '../urls.ts';

const REVIEW_ORDERS = ['updated_at', ...WORK_ORDERS] as const;

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  app.put<{
    Body: {
      work_id: number | string;
      rating?: number | null;
      review_point?: number | null;
      review_text?: string | null;
      progress?: string | null;
    };
  }>(
    '/api/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Rate, review or set the progress of a work (own review)',
        description:
          'Fields left out stay as they are; null clears a field and rating 0 clears the rating (`review_point` is accepted as an alias of `rating`). A review with no field left is removed. Ratings feed the site rating of the work (`site_rate_*`, beside the store rating `rate_*`).',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: {
            work_id: workIdParam,
            rating: { type: ['integer', 'null'], minimum: 0, maximum: 5 },
            review_point: { type: ['integer', 'null'], minimum: 0, maximum: 5 },
            review_text: { type: ['string', 'null'], maxLength: REVIEW_TEXT_MAX },
            progress: { type: ['string', 'null'], enum: [...PROGRESS_VALUES, '', null] },
          },
          required: ['work_id'],
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      authorize(req, 'review.write');
      const b = req.body;
      const workId = workIdFrom(b.work_id, 'work_id');
      const rating = b.rating !== undefined ? b.rating : b.review_point;
      await putReview(db, p.id, workId, { rating, review_text: b.review_text, progress: b.progress });
      return { message: REVIEW_MESSAGES.saved };
    },
  );

  app.get<{ Querystring: Record<string, unknown> & { order?: string; filter?: string } }>(
    '/api/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Works the caller reviewed, rated or set a progress on, with their own review fields',
        description:
          'Default order `updated_at` desc (when the review last changed); `filter` keeps one progress.',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          properties: {
            order: { type: 'string', enum: [...REVIEW_ORDERS] },
            sort: { type: 'string', enum: ['asc', 'desc'] },
            page: { type: 'integer', minimum: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100 },
            filter: { type: 'string', enum: [...PROGRESS_VALUES, ''] },
            seed: { type: 'integer', minimum: 0, maximum: 99 },
            withPlaylistStatus: { type: 'array', items: str(64), maxItems: 100 },
          },
        },
        response: { 200: WorkList, ...errorResponses },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      const { order = 'updated_at', filter, ...rest } = req.query;
      const byUpdate = order === 'updated_at';
      const params = parseListParams({ ...rest, ...(byUpdate ? {} : { order }) });
      return listWorks(
        app.ctx,
        {
          viewer: p,
          ...params,
          includeReview: true,
          extend: (q) => {
            let x = q.innerJoin('reviews as r', 'r.work_id', 'w.id').where('r.user_id', '=', p.id);
            if (filter) x = x.where('r.progress', '=', filter);
            return x;
          },
          ...(byUpdate ? { orderBy: { column: 'r.updated_at', direction: params.sort } } : {}),
        },
        publicBase(app.ctx.config, req),
      );
    },
  );

  app.get<{ Querystring: { work_id: number | string; page?: number; pageSize?: number } }>(
    '/api/review/of-work',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Every listener’s rating and review text of one work, most recently changed first',
        description:
          'Public. Only reviews with a rating or a text; progress stays private. `mine` marks the caller’s own.',
        querystring: {
          type: 'object',
          properties: {
            work_id: workIdParam,
            page: { type: 'integer', minimum: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: LIMITS.pageSizeMax },
          },
          required: ['work_id'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              reviews: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    userName: { type: 'string' },
                    rating: { type: ['integer', 'null'] },
                    review_text: { type: ['string', 'null'] },
                    updatedAt: { type: 'integer' },
                    mine: { type: 'boolean' },
                  },
                },
              },
              pagination: {
                type: 'object',
                properties: {
                  currentPage: { type: 'integer' },
                  pageSize: { type: 'integer' },
                  totalCount: { type: 'integer' },
                },
              },
            },
            required: ['reviews', 'pagination'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const page = req.query.page ?? 1;
      const pageSize = req.query.pageSize ?? 10;
      const p = req.principal;
      const { reviews, totalCount } = await listWorkReviews(db, workIdFrom(req.query.work_id, 'work_id'), {
        page,
        pageSize,
        viewerId: p.kind === 'account' ? p.id : null,
      });
      return { reviews, pagination: { currentPage: page, pageSize, totalCount } };
    },
  );

  app.delete<{ Querystring: { work_id: number | string } }>(
    '/api/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Remove the caller’s review (rating, text and progress) of a work',
        security: [{ bearer: [] }],
        querystring: { type: 'object', properties: { work_id: workIdParam }, required: ['work_id'] },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      authorize(req, 'review.write');
      await deleteReview(db, p.id, workIdFrom(req.query.work_id, 'work_id'));
      return { message: REVIEW_MESSAGES.deleted };
    },
  );
};
