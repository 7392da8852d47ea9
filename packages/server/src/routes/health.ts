import type { FastifyPluginAsync } from 'fastify';
import { getSetting } from '../services/settings.ts';

/**
 * GET /api/health: plain `OK` while healthy, so clients that compare the body keep working.
 * In maintenance mode (setting `maintenance_html`) it answers 503 with JSON `{html}`.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Health check; maintenance html when the site is in maintenance',
        response: {
          200: { type: 'string', description: 'OK' },
          503: { type: 'object', properties: { html: { type: 'string' } }, required: ['html'] },
        },
      },
    },
    async (_req, reply) => {
      const html = await getSetting(app.ctx.db, 'maintenance_html');
      if (html) return reply.code(503).send({ html });
      return reply.type('text/plain; charset=utf-8').send('OK');
    },
  );
};
