/**
 * Administration (group `administrator`; the first one is made with `sasayaki user add <name>
 * --admin`): users, rescans, maintenance message and the registration switch.
 */
import type { FastifyPluginAsync } from 'fastify';
import { authorize } from '../access.ts';
import { errorResponses, messageSchema, str } from '../auth/apiSchemas.ts';
import type { Principal } from '../auth/principal.ts';
import { badRequest, forbidden } from '../errors.ts';
import { scanLibrary } from '../scanner/index.ts';
import { deleteAccount, REGISTRATION_SETTING } from '../services/accounts.ts';
import { setSetting } from '../services/settings.ts';
import { GUEST_NAME, listUsers, setGroup, setPassword } from '../services/users.ts';

const nameBody = (extra: Record<string, unknown>, required: string[]) =>
  ({ type: 'object', properties: { name: str(200), ...extra }, required: ['name', ...required] }) as const;

/** Accounts an administrator may not delete: the shared guest account and their own. */
export function assertDeletable(p: Principal, name: string): void {
  if (name === GUEST_NAME) throw forbidden('cannot delete the guest account');
  if (p.kind === 'account' && p.name === name) throw forbidden('cannot delete yourself');
}

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;
  const security = [{ bearer: [] }];

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every account: id, name, group, email, createdAt',
        security,
        response: {
          200: {
            type: 'object',
            properties: {
              users: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    name: { type: 'string' },
                    group: { type: 'string' },
                    email: { type: ['string', 'null'] },
                    createdAt: { type: 'integer' },
                  },
                },
              },
            },
            required: ['users'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      authorize(req, 'admin');
      return { users: await listUsers(db) };
    },
  );

  app.post<{ Body: { name: string; group: string } }>(
    '/api/admin/users/set-group',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a user’s group (user, guest, administrator); their tokens stop working',
        security,
        body: nameBody({ group: { type: 'string', enum: ['user', 'guest', 'administrator'] } }, ['group']),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      authorize(req, 'admin');
      await setGroup(db, req.body.name, req.body.group);
      return { message: 'group changed' };
    },
  );

  app.post<{ Body: { name: string; password: string } }>(
    '/api/admin/users/set-password',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set a user’s password (their tokens stop working)',
        security,
        body: nameBody({ password: str(1000) }, ['password']),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      authorize(req, 'admin');
      await setPassword(db, req.body.name, req.body.password);
      return { message: 'password changed' };
    },
  );

  app.post<{ Body: { name: string } }>(
    '/api/admin/users/delete',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Delete an account with its reviews, votes and playlists (not the guest account, not oneself)',
        security,
        body: nameBody({}, []),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      assertDeletable(authorize(req, 'admin'), req.body.name);
      await deleteAccount(db, req.body.name);
      return { message: 'user deleted' };
    },
  );

  app.post<{ Body: { full?: boolean; wait?: boolean } | null }>(
    '/api/admin/rescan',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rescan the library (`full` re-reads every work); `wait` answers the summary when done',
        security,
        body: {
          type: ['object', 'null'],
          properties: { full: { type: 'boolean' }, wait: { type: 'boolean' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              summary: { type: 'object', additionalProperties: true },
            },
            required: ['message'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      authorize(req, 'admin');
      const scan = scanLibrary({ config, db, log: app.log }, { full: !!req.body?.full });
      if (req.body?.wait) {
        const s = await scan;
        return {
          message: 'rescan finished',
          summary: { ...s, duplicates: s.duplicates.length, errors: s.errors.length },
        };
      }
      scan.catch((err) => app.log.error({ err }, 'rescan failed'));
      return { message: 'rescan started' };
    },
  );

  app.put<{ Body: { html: string | null } }>(
    '/api/admin/maintenance',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set (html) or clear (null or empty) the maintenance message that /api/health answers',
        security,
        body: {
          type: 'object',
          properties: { html: { type: ['string', 'null'], maxLength: 100_000 } },
          required: ['html'],
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      authorize(req, 'admin');
      const html = req.body.html?.trim() ? req.body.html : null;
      await setSetting(db, 'maintenance_html', html);
      return { message: html ? 'maintenance on' : 'maintenance off' };
    },
  );

  app.put<{ Body: { enabled: boolean | null } }>(
    '/api/admin/registration',
    {
      schema: {
        tags: ['admin'],
        summary: 'Open or close registration; null returns to the configured default',
        security,
        body: {
          type: 'object',
          properties: { enabled: { type: ['boolean', 'null'] } },
          required: ['enabled'],
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      authorize(req, 'admin');
      const { enabled } = req.body;
      if (enabled !== null && typeof enabled !== 'boolean')
        throw badRequest('enabled must be true, false or null');
      await setSetting(db, REGISTRATION_SETTING, enabled === null ? null : String(enabled));
      return {
        message:
          enabled === null
            ? 'registration follows the configuration'
            : `registration ${enabled ? 'open' : 'closed'}`,
      };
    },
  );
};
