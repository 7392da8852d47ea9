/**
 * Administration (group `administrator`; the first one is made with `sasayaki user add <name>
 * --admin`): users, rescans, maintenance message and the registration switch. The console's
 * calls are in console.ts. The services ask for `admin` and record each change in the audit log.
 */
import { ROUTES, type UserGroup } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  changeGroup,
  deleteAccountByAdmin,
  listAccounts,
  setPasswordByAdmin,
} from '../services/consoleAccounts.ts';
import { setMaintenance, setRegistration } from '../services/consoleSettings.ts';
import { runScan } from '../services/scans/console.ts';
import { route } from './route.ts';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  route(app, ROUTES.admin.users, async function listAccountsOfSite(req) {
    return { users: await listAccounts(db, req.principal) };
  });

  route(app, ROUTES.admin.setGroup, async function setAccountGroup(req) {
    await changeGroup(db, req.principal, { name: req.body.name }, req.body.group satisfies UserGroup);
    return { message: 'group changed' };
  });

  route(app, ROUTES.admin.setPassword, async function setAccountPassword(req) {
    await setPasswordByAdmin(db, req.principal, req.body.name, req.body.password);
    return { message: 'password changed' };
  });

  route(app, ROUTES.admin.deleteUser, async function deleteUserAccount(req) {
    await deleteAccountByAdmin(db, req.principal, { name: req.body.name });
    return { message: 'user deleted' };
  });

  route(app, ROUTES.admin.rescan, async function rescanLibrary(req) {
    // The console's scans: shown there with their progress and report.
    const { done } = await runScan(db, app.scans, req.principal, !!req.body?.full);
    if (req.body?.wait) {
      const { added, updated, removed, ...s } = await done;
      return {
        message: 'rescan finished',
        summary: { ...s, duplicates: s.duplicates.length, errors: s.errors.length },
      };
    }
    done.catch((err) => app.log.error({ err }, 'rescan failed'));
    return { message: 'rescan started' };
  });

  route(app, ROUTES.admin.maintenance, async function maintenanceMessage(req) {
    const on = await setMaintenance(app.ctx, req.principal, req.body.html ?? null);
    return { message: on ? 'maintenance on' : 'maintenance off' };
  });

  route(app, ROUTES.admin.registration, async function setRegistrationSwitch(req) {
    const { enabled } = req.body;
    await setRegistration(app.ctx, req.principal, enabled);
    return {
      message:
        enabled === null
          ? 'registration follows the configuration'
          : `registration ${enabled ? 'open' : 'closed'}`,
    };
  });
};
