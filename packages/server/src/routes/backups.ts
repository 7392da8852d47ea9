/**
 * The console's backups (administrators only, docs/console.md "Backups"). The service asks for
 * `admin` and records each step in the audit log; restoring is the command line's.
 */
import fsp from 'node:fs/promises';
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendFile } from '../http/files.ts';
import { backupFileFor, deleteBackup, listBackups, nextBackupAt, takeBackup } from '../services/backups.ts';
import { route } from './route.ts';

export const backupsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ROUTES.backups.list, async function backupList(req) {
    const backups = listBackups(app.ctx, req.principal);
    return {
      backups,
      intervalHours: app.ctx.settings.get('backupIntervalHours'),
      keep: app.ctx.settings.get('backupKeep'),
      nextAt: nextBackupAt(app.ctx, app.backupScheduler.startedAt),
      missingTools: await app.backupScheduler.missingTools(),
    };
  });

  route(app, ROUTES.backups.create, async function backUpNow(req) {
    return { backup: await takeBackup(app.ctx, req.principal) };
  });

  route(app, ROUTES.backups.download, async function downloadBackup(req, reply) {
    const file = await backupFileFor(app.ctx, req.principal, req.params.name);
    const handle = await fsp.open(file);
    // The media routes' file answer: ranges let a large backup's download be resumed.
    return sendFile(
      req,
      reply,
      { handle, stat: await handle.stat(), abs: file },
      { name: req.params.name, charset: null },
      { disposition: 'attachment', contentType: 'application/octet-stream', cacheControl: 'no-store' },
    );
  });

  route(app, ROUTES.backups.remove, async function removeBackup(req) {
    await deleteBackup(app.ctx, req.principal, req.params.name);
    return { message: 'backup deleted' };
  });
};
