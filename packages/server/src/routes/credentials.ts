/**
 * /api/credentials: the user management calls of the kikoeru front end's admin pages, on the
 * accounts of services/users.ts (administrators only, like /api/admin/users).
 * GET users → {users: [{name, group}]}; POST user creates; PUT user sets a password (an
 * administrator for anyone: users change their own with POST /api/auth/change-password, which
 * asks for the current password); DELETE user removes the listed accounts, all or none.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorize, requireAccount } from '../access.ts';
import { fail } from '../errors.ts';
import { assertDeletable, deleteAccount } from '../services/accounts.ts';
import { recordAudit } from '../services/audit.ts';
import { createUser, findUserByName, listUsers, setPassword } from '../services/users.ts';
import { route } from './route.ts';

export const credentialsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  route(app, ROUTES.credentials.users, async function listAccountNames(req) {
    authorize(req, 'admin');
    return { users: (await listUsers(db)).map(({ name, group }) => ({ name, group })) };
  });

  route(app, ROUTES.credentials.create, async function createAccount(req) {
    const p = authorize(req, 'admin');
    const user = await createUser(db, req.body);
    await recordAudit(db, p, {
      action: 'account.create',
      target: user.name,
      details: { group: user.grp },
    });
    return { message: `user ${user.name} created` };
  });

  route(app, ROUTES.credentials.setPassword, async function setPasswordOfAccount(req) {
    // A user setting their own password gets the address that can do it; anyone else not an
    // administrator gets the access module's refusal.
    const p = requireAccount(req);
    if (p.group !== 'administrator' && p.name === req.body.name) throw fail('CHANGE_OWN_PASSWORD');
    authorize(req, 'admin');
    await setPassword(db, req.body.name, req.body.newPassword);
    await recordAudit(db, p, { action: 'account.password', target: req.body.name });
    return { message: 'password changed' };
  });

  route(app, ROUTES.credentials.remove, async function deleteAccounts(req) {
    const p = authorize(req, 'admin');
    const names = [...new Set(req.body.users.map((u) => u.name))];
    // Every name is checked before the first deletion, so a bad list deletes nothing.
    for (const name of names) {
      assertDeletable(p, name);
      if (!(await findUserByName(db, name))) throw fail('USER_NOT_FOUND_NAMED', { name });
    }
    for (const name of names) {
      await deleteAccount(db, { name });
      await recordAudit(db, p, { action: 'account.delete', target: name });
    }
    return { message: names.length === 1 ? 'user deleted' : `${names.length} users deleted` };
  });
};
