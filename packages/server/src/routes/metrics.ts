/** GET /metrics: the Prometheus text of this instance (metrics.ts), for whom http/metricsAccess.ts lets in. */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorizeMetrics } from '../http/metricsAccess.ts';
import { route } from './route.ts';

export const metricsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ROUTES.console.metrics, async function metrics(req, reply) {
    authorizeMetrics(req);
    const text = await app.metrics.metrics();
    return reply.type(app.metrics.contentType).header('cache-control', 'no-store').send(text);
  });
};
