/**
 * Administration (group `administrator`; the first one is made with `sasayaki user add <name>
 * --admin`): users, rescans, maintenance message and the registration switch. The console's
 * calls are in console.ts; every action goes into the audit log.
 */
import { ROUTES, type UserGroup } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorize } from '../access.ts';
import { fail } from '../errors.ts';
import { assertDeletable, deleteAccount } from '../services/accounts.ts';
import { recordAudit } from '../services/audit.ts';
import { listUsers, setGroup, setPassword } from '../services/users.ts';
import { route } from './route.ts';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { db, settings } = app.ctx;

  route(app, ROUTES.admin.users, async function listAccounts(req) {
    authorize(req, 'admin');
    return { users: await listUsers(db) };
  });

  route(app, ROUTES.admin.setGroup, async function setAccountGroup(req) {
    const p = authorize(req, 'admin');
    await setGroup(db, { name: req.body.name }, req.body.group satisfies UserGroup);
    await recordAudit(db, p, {
      action: 'account.group',
      target: req.body.name,
      details: { group: req.body.group },
    });
    return { message: 'group changed' };
  });

  route(app, ROUTES.admin.setPassword, async function setAccountPassword(req) {
    const p = authorize(req, 'admin');
    await setPassword(db, req.body.name, req.body.password);
    await recordAudit(db, p, { action: 'account.password', target: req.body.name });
    return { message: 'password changed' };
  });

  route(app, ROUTES.admin.deleteUser, async function deleteUserAccount(req) {
    const p = authorize(req, 'admin');
    assertDeletable(p, req.body.name);
    await deleteAccount(db, { name: req.body.name });
    await recordAudit(db, p, { action: 'account.delete', target: req.body.name });
    return { message: 'user deleted' };
  });

  route(app, ROUTES.admin.rescan, async function rescanLibrary(req) {
    const p = authorize(req, 'admin');
    await recordAudit(db, p, { action: 'library.rescan', details: { full: !!req.body?.full } });
    // The console's scans: shown there with their progress and report.
    const scan = app.scans.run(req.body?.full ? 'full' : 'quick', 'console');
    if (req.body?.wait) {
      const { added, updated, removed, ...s } = await scan;
      return {
        message: 'rescan finished',
        summary: { ...s, duplicates: s.duplicates.length, errors: s.errors.length },
      };
    }
    scan.catch((err) => app.log.error({ err }, 'rescan failed'));
    return { message: 'rescan started' };
  });

  route(app, ROUTES.admin.maintenance, async function setMaintenance(req) {
    const p = authorize(req, 'admin');
    const html = req.body.html?.trim() ? req.body.html : null;
    const changes = html ? { maintenance: true, maintenanceHtml: html } : { maintenance: null };
    await recordAudit(db, p, { action: 'settings.update', details: await settings.write(changes) });
    return { message: html ? 'maintenance on' : 'maintenance off' };
  });

  route(app, ROUTES.admin.registration, async function setRegistration(req) {
    const p = authorize(req, 'admin');
    const { enabled } = req.body;
    if (enabled !== null && typeof enabled !== 'boolean') throw fail('REGISTRATION_SETTING_INVALID');
    const details = await settings.write({ registrationEnabled: enabled });
    await recordAudit(db, p, { action: 'settings.update', details });
    return {
      message:
        enabled === null
          ? 'registration follows the configuration'
          : `registration ${enabled ? 'open' : 'closed'}`,
    };
  });
};
