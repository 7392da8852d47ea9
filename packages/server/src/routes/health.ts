import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { fail } from '../errors.ts';
import { route } from './route.ts';

/**
 * GET /api/health: plain `OK` while healthy, so clients that compare the body keep working.
 * In maintenance mode (site settings `maintenance` and `maintenanceHtml`) it answers 503 with
 * JSON `{html}`. While the instance drains before a shutdown (http/shutdown.ts) it answers 503
 * `SHUTTING_DOWN`, so a balancer's health check takes it out first.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, ROUTES.server.health, async function health(_req, reply) {
    const { settings } = app.ctx;
    if (app.lifecycle.draining) {
      const { message } = fail('SHUTTING_DOWN');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ html: '', code: 'SHUTTING_DOWN', error: message });
    }
    if (settings.get('maintenance')) {
      return reply.code(503).send({ html: settings.get('maintenanceHtml'), code: 'MAINTENANCE' });
    }
    return reply.type('text/plain; charset=utf-8').send('OK');
  });
};
