/**
 * Reviews and progress (docs/product.md §7.5, docs/compatibility.md): PUT/GET/DELETE /api/review.
 * The caller only ever reads and writes their own reviews: every query is keyed by their id.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { listOptionsOf } from '../http/listOptions.ts';
import { baseOf, workIdFrom } from '../http/request.ts';
import {
  deleteReview,
  listWorkReviews,
  ownReviews,
  putReview,
  REVIEW_MESSAGES,
} from '../services/reviews.ts';
import { route } from './route.ts';

/** Reviews shown per page under a work. */
const WORK_REVIEWS_PAGE_SIZE = 10;

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  route(app, ROUTES.reviews.put, async function putOwnReview(req) {
    const b = req.body;
    const workId = workIdFrom(b.work_id, 'work_id');
    const rating = b.rating !== undefined ? b.rating : b.review_point;
    await putReview(db, req.principal, workId, { rating, review_text: b.review_text, progress: b.progress });
    return { message: REVIEW_MESSAGES.saved };
  });

  route(app, ROUTES.reviews.mine, async function listOwnReviews(req) {
    const { order = 'updated_at', filter, ...rest } = req.query;
    const byUpdate = order === 'updated_at';
    const params = listOptionsOf({ ...rest, ...(byUpdate ? {} : { order }) });
    return ownReviews(
      app.ctx,
      req.principal,
      params,
      { progress: filter || undefined, byUpdate },
      baseOf(req),
    );
  });

  route(app, ROUTES.reviews.ofWork, async function reviewsOfWork(req) {
    const page = req.query.page ?? 1;
    const pageSize = req.query.pageSize ?? WORK_REVIEWS_PAGE_SIZE;
    const { reviews, totalCount } = await listWorkReviews(
      db,
      req.principal,
      workIdFrom(req.query.work_id, 'work_id'),
      {
        page,
        pageSize,
      },
    );
    return { reviews, pagination: { currentPage: page, pageSize, totalCount } };
  });

  route(app, ROUTES.reviews.remove, async function deleteOwnReview(req) {
    await deleteReview(db, req.principal, workIdFrom(req.query.work_id, 'work_id'));
    return { message: REVIEW_MESSAGES.deleted };
  });
};
