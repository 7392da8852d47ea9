/** /api/auth/app-passwords: the caller's app passwords for music apps (services/appPasswords.ts). */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorize, requireAccount } from '../access.ts';
import { createAppPassword, listAppPasswords, revokeAppPassword } from '../services/appPasswords.ts';
import { route } from './route.ts';

export const appPasswordRoutes: FastifyPluginAsync = async (app) => {
  route(app, ROUTES.appPasswords.list, async function listOwnAppPasswords(req) {
    const p = requireAccount(req);
    authorize(req, 'appPassword.manage');
    return { appPasswords: await listAppPasswords(app.ctx, p.id) };
  });

  route(app, ROUTES.appPasswords.create, async function createOwnAppPassword(req) {
    const p = requireAccount(req);
    authorize(req, 'appPassword.manage');
    return createAppPassword(app.ctx, p.id, req.body.name);
  });

  route(app, ROUTES.appPasswords.revoke, async function revokeOwnAppPassword(req) {
    const p = requireAccount(req);
    authorize(req, 'appPassword.manage');
    await revokeAppPassword(app.ctx, p.id, req.params.id);
    return { message: 'app password revoked' };
  });
};
