/**
 * Reviews and progress (docs/product.md §7.5, docs/compatibility.md): PUT/GET/DELETE /api/review.
 * The caller only ever reads and writes their own reviews: every query is keyed by their id.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorize, requireAccount } from '../access.ts';
import { listOptionsOf } from '../http/listOptions.ts';
import { baseOf, workIdFrom } from '../http/request.ts';
import { listWorks } from '../services/catalogue.ts';
import { deleteReview, listWorkReviews, putReview, REVIEW_MESSAGES } from '../services/reviews.ts';
import { route } from './route.ts';

/** Reviews shown per page under a work. */
const WORK_REVIEWS_PAGE_SIZE = 10;

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  route(app, ROUTES.reviews.put, async function putOwnReview(req) {
    const p = requireAccount(req);
    authorize(req, 'review.write');
    const b = req.body;
    const workId = workIdFrom(b.work_id, 'work_id');
    const rating = b.rating !== undefined ? b.rating : b.review_point;
    await putReview(db, p.id, workId, { rating, review_text: b.review_text, progress: b.progress });
    return { message: REVIEW_MESSAGES.saved };
  });

  route(app, ROUTES.reviews.mine, async function listOwnReviews(req) {
    const p = requireAccount(req);
    const { order = 'updated_at', filter, ...rest } = req.query;
    const byUpdate = order === 'updated_at';
    const params = listOptionsOf({ ...rest, ...(byUpdate ? {} : { order }) });
    return listWorks(
      app.ctx,
      {
        viewer: p,
        ...params,
        includeReview: true,
        scope: { kind: 'reviews', userId: p.id, progress: filter || undefined, byUpdate },
      },
      baseOf(req),
    );
  });

  route(app, ROUTES.reviews.ofWork, async function reviewsOfWork(req) {
    const page = req.query.page ?? 1;
    const pageSize = req.query.pageSize ?? WORK_REVIEWS_PAGE_SIZE;
    const p = req.principal;
    const { reviews, totalCount } = await listWorkReviews(db, workIdFrom(req.query.work_id, 'work_id'), {
      page,
      pageSize,
      viewerId: p.kind === 'account' ? p.id : null,
    });
    return { reviews, pagination: { currentPage: page, pageSize, totalCount } };
  });

  route(app, ROUTES.reviews.remove, async function deleteOwnReview(req) {
    const p = requireAccount(req);
    authorize(req, 'review.write');
    await deleteReview(db, p.id, workIdFrom(req.query.work_id, 'work_id'));
    return { message: REVIEW_MESSAGES.deleted };
  });
};
