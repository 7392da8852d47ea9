/**
 * /api/credentials: the user management calls of the kikoeru front end's admin pages, on the
 * accounts of services/users.ts (administrators only, like /api/admin/users).
 * GET users → {users: [{name, group}]}; POST user creates; PUT user sets a password (an
 * administrator for anyone: users change their own with POST /api/auth/change-password, which
 * asks for the current password); DELETE user removes the listed accounts, all or none.
 */
import { USER_GROUPS } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorize, requireAccount } from '../access.ts';
import { errorResponses, messageSchema, str } from '../auth/apiSchemas.ts';
import { forbidden, notFound } from '../errors.ts';
import { deleteAccount } from '../services/accounts.ts';
import { ACCOUNT_MESSAGES, createUser, findUserByName, listUsers, setPassword } from '../services/users.ts';
import { assertDeletable } from './admin.ts';

const security = [{ bearer: [] }];
const OWN_PASSWORD =
  'change your own password with POST /api/auth/change-password: it asks for the current one';

export const credentialsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/credentials/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every account by name and group (kikoeru user management)',
        security,
        response: {
          200: {
            type: 'object',
            properties: {
              users: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { name: { type: 'string' }, group: { type: 'string' } },
                  required: ['name', 'group'],
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
      return { users: (await listUsers(db)).map(({ name, group }) => ({ name, group })) };
    },
  );

  app.post<{ Body: { name: string; password: string; group?: (typeof USER_GROUPS)[number] } }>(
    '/api/credentials/user',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create an account (kikoeru user management); 409 when the name is taken',
        security,
        body: {
          type: 'object',
          properties: {
            name: str(200),
            password: str(1000),
            group: { type: 'string', enum: [...USER_GROUPS], description: 'default user' },
          },
          required: ['name', 'password'],
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      authorize(req, 'admin');
      const user = await createUser(db, req.body);
      return { message: `user ${user.name} created` };
    },
  );

  app.put<{ Body: { name: string; newPassword: string } }>(
    '/api/credentials/user',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set an account’s password (administrators); its older tokens stop working',
        description:
          'kikoeru-express also lets users set their own password here without the current one; this server asks for it: POST /api/auth/change-password.',
        security,
        body: {
          type: 'object',
          properties: { name: str(200), newPassword: str(1000) },
          required: ['name', 'newPassword'],
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      // A user setting their own password gets the address that can do it; anyone else not an
      // administrator gets the access module's refusal.
      const p = requireAccount(req);
      if (p.group !== 'administrator' && p.name === req.body.name) throw forbidden(OWN_PASSWORD);
      authorize(req, 'admin');
      await setPassword(db, req.body.name, req.body.newPassword);
      return { message: 'password changed' };
    },
  );

  app.delete<{ Body: { users: { name: string }[] } }>(
    '/api/credentials/user',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete accounts with their reviews, votes and playlists: all listed, or none',
        security,
        body: {
          type: 'object',
          properties: {
            users: {
              type: 'array',
              minItems: 1,
              maxItems: 1000,
              items: { type: 'object', properties: { name: str(200) }, required: ['name'] },
            },
          },
          required: ['users'],
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      const p = authorize(req, 'admin');
      const names = [...new Set(req.body.users.map((u) => u.name))];
      // Every name is checked before the first deletion, so a bad list deletes nothing.
      for (const name of names) {
        assertDeletable(p, name);
        if (!(await findUserByName(db, name))) throw notFound(`${ACCOUNT_MESSAGES.userNotFound}: ${name}`);
      }
      for (const name of names) await deleteAccount(db, name);
      return { message: names.length === 1 ? 'user deleted' : `${names.length} users deleted` };
    },
  );
};
