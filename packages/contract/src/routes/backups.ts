/**
 * The console's backups (administrators): the database and the instance secret in one file,
 * taken on demand or on a schedule, listed, downloaded and deleted here; restored with
 * `sasayaki restore FILE` (docs/console.md, "Backups").
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { ErrorBody, MessageBody } from '../api.ts';
import { defineRoute } from './define.ts';
import { OrNull, Refusals, StringEnum } from './fields.ts';

export const BACKUP_TRIGGERS = ['manual', 'scheduled'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

export const BackupInfo = Type.Object({
  /** The file's name in `<data>/backups`, which names it in the routes below. */
  name: Type.String(),
  bytes: Type.Integer({ minimum: 0 }),
  createdAt: Type.Integer(),
  dialect: StringEnum(['sqlite', 'postgres'] as const),
  trigger: StringEnum(BACKUP_TRIGGERS),
});
export type BackupInfo = Static<typeof BackupInfo>;

const ByName = Type.Object({
  name: Type.String({ maxLength: 120, pattern: '^sasayaki-[0-9a-z-]+\\.sasayaki-backup$' }),
});

export const backups = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/backups',
    tags: ['admin', 'backups'],
    summary: 'The backups kept in the data folder (newest first) and the backup schedule',
    bearer: true,
    response: {
      200: Type.Object({
        backups: Type.Array(BackupInfo),
        /** Hours between scheduled backups (0: none) and how many scheduled backups are kept. */
        intervalHours: Type.Integer(),
        keep: Type.Integer(),
        /** The next scheduled backup (ms), null when none is planned. */
        nextAt: OrNull(Type.Integer()),
        /** PostgreSQL client programs a backup needs that this server lacks (none: backups work). */
        missingTools: Type.Array(Type.String()),
      }),
      ...Refusals,
    },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/admin/backups',
    tags: ['admin', 'backups'],
    summary: 'Back up the database and the instance secret now (one at a time; a second request waits)',
    bearer: true,
    response: { 200: Type.Object({ backup: BackupInfo }), ...Refusals, 503: ErrorBody },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/admin/backups/:name',
    tags: ['admin', 'backups'],
    summary: 'Download a backup, with Range and ETag (the token may be given as ?token= for a plain link)',
    bearer: true,
    params: ByName,
    querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096 })) }),
    response: {
      200: Type.String({ format: 'binary' }),
      206: Type.String({ format: 'binary', description: 'One byte range (a download resumed)' }),
      304: Type.Null({ description: 'Not modified' }),
      ...Refusals,
      416: ErrorBody,
    },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/admin/backups/:name',
    tags: ['admin', 'backups'],
    summary: 'Delete a backup',
    bearer: true,
    params: ByName,
    response: { 200: MessageBody, ...Refusals },
  }),
};
