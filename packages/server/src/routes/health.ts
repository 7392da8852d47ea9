import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { getSetting } from '../services/settings.ts';
import { route } from './route.ts';

/**
 * GET /api/health: plain `OK` while healthy, so clients that compare the body keep working.
 * In maintenance mode (setting `maintenance_html`) it answers 503 with JSON `{html}`.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, ROUTES.server.health, async function health(_req, reply) {
    const html = await getSetting(app.ctx.db, 'maintenance_html');
    if (html) return reply.code(503).send({ html, code: 'MAINTENANCE' });
    return reply.type('text/plain; charset=utf-8').send('OK');
  });
};
