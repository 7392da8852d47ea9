/**
 * /api/credentials: the user management calls of the kikoeru front end's admin pages, on the
 * accounts of services/consoleAccounts.ts (administrators only, like /api/admin/users).
 * GET users → {users: [{name, group}]}; POST user creates; PUT user sets a password (an
 * administrator for anyone: users change their own with POST /api/auth/change-password, which
 * asks for the current password); DELETE user removes the listed accounts, all or none.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  createAccount,
  deleteAccountsByAdmin,
  listAccounts,
  setPasswordByAdmin,
} from '../services/consoleAccounts.ts';
import { route } from './route.ts';

export const credentialsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  route(app, ROUTES.credentials.users, async function listAccountNames(req) {
    return { users: (await listAccounts(db, req.principal)).map(({ name, group }) => ({ name, group })) };
  });

  route(app, ROUTES.credentials.create, async function createAccountOfSite(req) {
    const user = await createAccount(db, req.principal, req.body);
    return { message: `user ${user.name} created` };
  });

  route(app, ROUTES.credentials.setPassword, async function setPasswordOfAccount(req) {
    await setPasswordByAdmin(db, req.principal, req.body.name, req.body.newPassword);
    return { message: 'password changed' };
  });

  route(app, ROUTES.credentials.remove, async function deleteAccounts(req) {
    const n = await deleteAccountsByAdmin(
      db,
      req.principal,
      req.body.users.map((u) => u.name),
    );
    return { message: n === 1 ? 'user deleted' : `${n} users deleted` };
  });
};
