/**
 * Administration (group `administrator`; the first one is made with `sasayaki user add <name>
 * --admin`): users, rescans, maintenance message and the registration switch.
 */
import { ROUTES, type UserGroup } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorize } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import { outsideRequest } from '../db/requestScope.ts';
import { fail } from '../errors.ts';
import { scanLibrary } from '../scanner/index.ts';
import { deleteAccount, REGISTRATION_SETTING } from '../services/accounts.ts';
import { setSetting } from '../services/settings.ts';
import { GUEST_NAME, listUsers, setGroup, setPassword } from '../services/users.ts';
import { route } from './route.ts';

/** Accounts an administrator may not delete: the shared guest account and their own. */
export function assertDeletable(p: Principal, name: string): void {
  if (name === GUEST_NAME) throw fail('CANNOT_DELETE_GUEST');
  if (p.kind === 'account' && p.name === name) throw fail('CANNOT_DELETE_SELF');
}

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;

  route(app, ROUTES.admin.users, async function listAccounts(req) {
    authorize(req, 'admin');
    return { users: await listUsers(db) };
  });

  route(app, ROUTES.admin.setGroup, async function setAccountGroup(req) {
    authorize(req, 'admin');
    await setGroup(db, req.body.name, req.body.group satisfies UserGroup);
    return { message: 'group changed' };
  });

  route(app, ROUTES.admin.setPassword, async function setAccountPassword(req) {
    authorize(req, 'admin');
    await setPassword(db, req.body.name, req.body.password);
    return { message: 'password changed' };
  });

  route(app, ROUTES.admin.deleteUser, async function deleteUserAccount(req) {
    assertDeletable(authorize(req, 'admin'), req.body.name);
    await deleteAccount(db, req.body.name);
    return { message: 'user deleted' };
  });

  route(app, ROUTES.admin.rescan, async function rescanLibrary(req) {
    authorize(req, 'admin');
    const scan = outsideRequest(() => scanLibrary({ config, db, log: app.log }, { full: !!req.body?.full }));
    if (req.body?.wait) {
      const s = await scan;
      return {
        message: 'rescan finished',
        summary: { ...s, duplicates: s.duplicates.length, errors: s.errors.length },
      };
    }
    scan.catch((err) => app.log.error({ err }, 'rescan failed'));
    return { message: 'rescan started' };
  });

  route(app, ROUTES.admin.maintenance, async function setMaintenance(req) {
    authorize(req, 'admin');
    const html = req.body.html?.trim() ? req.body.html : null;
    await setSetting(db, 'maintenance_html', html);
    return { message: html ? 'maintenance on' : 'maintenance off' };
  });

  route(app, ROUTES.admin.registration, async function setRegistration(req) {
    authorize(req, 'admin');
    const { enabled } = req.body;
    if (enabled !== null && typeof enabled !== 'boolean') throw fail('REGISTRATION_SETTING_INVALID');
    await setSetting(db, REGISTRATION_SETTING, enabled === null ? null : String(enabled));
    return {
      message:
        enabled === null
          ? 'registration follows the configuration'
          : `registration ${enabled ? 'open' : 'closed'}`,
    };
  });
};
