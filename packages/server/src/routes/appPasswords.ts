/** /api/auth/app-passwords: the caller's app passwords for music apps (services/appPasswords.ts). */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { createAppPassword, listAppPasswords, revokeAppPassword } from '../services/appPasswords.ts';
import { route } from './route.ts';

export const appPasswordRoutes: FastifyPluginAsync = async (app) => {
  route(app, ROUTES.appPasswords.list, async function listOwnAppPasswords(req) {
    return { appPasswords: await listAppPasswords(app.ctx, req.principal) };
  });

  route(app, ROUTES.appPasswords.create, async function createOwnAppPassword(req) {
    return createAppPassword(app.ctx, req.principal, req.body.name);
  });

  route(app, ROUTES.appPasswords.revoke, async function revokeOwnAppPassword(req) {
    await revokeAppPassword(app.ctx, req.principal, req.params.id);
    return { message: 'app password revoked' };
  });
};
