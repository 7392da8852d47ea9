/** First run: the setup screen's status and the creation of the first administrator. */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { userView } from '../services/accounts.ts';
import { createFirstAdministrator, setupNeeded } from '../services/setup.ts';
import { route } from './route.ts';

export const setupRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  route(app, ROUTES.setup.status, async function setupStatus() {
    return { needed: await setupNeeded(db) };
  });

  route(app, ROUTES.setup.createAdmin, async function createAdministrator(req, reply) {
    const row = await createFirstAdministrator(db, req.body.name, req.body.password);
    req.log.info({ name: row.name }, 'first administrator created');
    const token = await app.auth.signInWithCookie(req, reply, row);
    return { token, user: userView(row) };
  });
};
