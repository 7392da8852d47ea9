/**
 * "Report a problem": anyone may send a report about a work (rate-limited per address);
 * administrators list the reports, newest first, and mark them handled.
 */
import { LIMITS, ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { fail } from '../errors.ts';
import { workIdFrom } from '../http/request.ts';
import { counterStoreFor, FEEDBACK_LIMIT, WindowLimiter } from '../infra/limits/rateLimit.ts';
import { addFeedback, listFeedback, setFeedbackHandled } from '../services/feedback.ts';
import { route } from './route.ts';

export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const byAddress = new WindowLimiter(
    counterStoreFor(db),
    'feedback',
    FEEDBACK_LIMIT.perAddress,
    FEEDBACK_LIMIT.windowMs,
  );

  route(app, ROUTES.feedback.send, async function sendFeedback(req, reply) {
    // The slot is claimed first, so racing reports (on any instance) never pass the limit.
    const limit = await byAddress.take(req.ip);
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfter));
      throw fail('FEEDBACK_RATE_LIMITED');
    }
    let id: number;
    try {
      id = await addFeedback(db, req.principal, {
        workId: workIdFrom(req.body.work_id, 'work_id'),
        category: req.body.category,
        details: req.body.details,
        url: req.body.url,
      });
    } catch (err) {
      // Only stored reports count: a refused one can be corrected and sent again.
      await byAddress.giveBack(req.ip);
      throw err;
    }
    return { message: 'feedback received', id };
  });

  route(app, ROUTES.feedback.list, async function listProblemReports(req) {
    const page = req.query.page ?? 1;
    const pageSize = req.query.pageSize ?? LIMITS.pageSizeDefault;
    const { items, totalCount } = await listFeedback(db, req.principal, {
      page,
      pageSize,
      open: req.query.open,
    });
    return { feedback: items, pagination: { currentPage: page, pageSize, totalCount } };
  });

  route(app, ROUTES.feedback.handle, async function handleProblemReport(req) {
    await setFeedbackHandled(db, req.principal, req.body.id, req.body.handled);
    return { message: req.body.handled ? 'feedback handled' : 'feedback reopened' };
  });
};
