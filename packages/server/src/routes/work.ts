/**
 * GET /api/workInfo/{id} (public) and GET /api/work/{id} (with the caller's review fields).
 * Ids arrive as `1441165`, `01441165` or `RJ01441165`.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { baseOf, viewerOf, workIdFrom } from '../http/request.ts';
import { getWork, workNotFound } from '../services/catalogue/lists.ts';
import { type RouteRequest, route } from './route.ts';

export const workRoutes: FastifyPluginAsync = async (app) => {
  async function oneWork(req: RouteRequest<typeof ROUTES.work.info>) {
    const id = workIdFrom(req.params.id);
    const { withPlaylistStatus } = req.query;
    const work = await getWork(app.ctx, id, viewerOf(req), baseOf(req), withPlaylistStatus);
    if (work) return work;
    throw await workNotFound(app.ctx, req.params.id, id);
  }
  route(app, ROUTES.work.info, oneWork);
  route(app, ROUTES.work.withReview, oneWork);
};
