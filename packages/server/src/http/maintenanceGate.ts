/**
 * Closes /api while the site is in maintenance at the closed level (services/maintenance.ts
 * decides who may pass): runs after the principal is known, before any route. /rest checks in
 * its own handler, where a Subsonic client's credentials are read.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../errors.ts';
import { closedRefusal, MAINTENANCE_RETRY_AFTER_SECONDS } from '../services/maintenance.ts';

async function maintenanceGate(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return;
    const refused = closedRefusal(app.ctx, req.principal, path);
    if (!refused) return;
    reply.header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS));
    return sendError(reply, refused);
  });
}

export const maintenanceGateRegistration = fp(maintenanceGate, {
  name: 'sasayaki-maintenance-gate',
  dependencies: ['sasayaki-auth'],
});
