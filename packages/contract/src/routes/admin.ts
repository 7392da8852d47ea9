/**
 * Administration (group `administrator`): users, rescans, maintenance message, registration
 * switch; and /api/credentials, the user management calls of the kikoeru front end.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { MessageBody } from '../api.ts';
import { USER_GROUPS } from '../constants.ts';
import { defineRoute } from './define.ts';
import { OpenObject, OrNull, Refusals, Str, StringEnum } from './fields.ts';

/** An account as administrators list it. */
export const AdminUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  group: Type.String(),
  email: OrNull(Type.String()),
  createdAt: Type.Integer(),
});
export type AdminUser = Static<typeof AdminUser>;

const UserName = Str(200);
const Password = Str(1000);
const Group = StringEnum(USER_GROUPS);

export const admin = {
  users: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    tags: ['admin'],
    summary: 'Every account: id, name, group, email, createdAt',
    bearer: true,
    response: { 200: Type.Object({ users: Type.Array(AdminUser) }), ...Refusals },
  }),
  setGroup: defineRoute({
    method: 'POST',
    path: '/api/admin/users/set-group',
    tags: ['admin'],
    summary: 'Change a user’s group (user, guest, administrator); their tokens stop working',
    bearer: true,
    body: Type.Object({ name: UserName, group: Group }),
    response: { 200: MessageBody, ...Refusals },
  }),
  setPassword: defineRoute({
    method: 'POST',
    path: '/api/admin/users/set-password',
    tags: ['admin'],
    summary: 'Set a user’s password (their tokens stop working)',
    bearer: true,
    body: Type.Object({ name: UserName, password: Password }),
    response: { 200: MessageBody, ...Refusals },
  }),
  deleteUser: defineRoute({
    method: 'POST',
    path: '/api/admin/users/delete',
    tags: ['admin'],
    summary: 'Delete an account with its reviews, votes and playlists (not the guest account, not oneself)',
    bearer: true,
    body: Type.Object({ name: UserName }),
    response: { 200: MessageBody, ...Refusals },
  }),
  rescan: defineRoute({
    method: 'POST',
    path: '/api/admin/rescan',
    tags: ['admin'],
    summary: 'Rescan the library (`full` re-reads every work); `wait` answers the summary when done',
    bearer: true,
    body: OrNull(Type.Object({ full: Type.Optional(Type.Boolean()), wait: Type.Optional(Type.Boolean()) })),
    response: {
      200: Type.Object({ message: Type.String(), summary: Type.Optional(OpenObject()) }),
      ...Refusals,
    },
  }),
  maintenance: defineRoute({
    method: 'PUT',
    path: '/api/admin/maintenance',
    tags: ['admin'],
    summary: 'Set (html) or clear (null or empty) the maintenance message that /api/health answers',
    bearer: true,
    body: Type.Object({ html: OrNull(Type.String({ maxLength: 100_000 })) }),
    response: { 200: MessageBody, ...Refusals },
  }),
  registration: defineRoute({
    method: 'PUT',
    path: '/api/admin/registration',
    tags: ['admin'],
    summary: 'Open or close registration; null returns to the configured default',
    bearer: true,
    body: Type.Object({ enabled: OrNull(Type.Boolean()) }),
    response: { 200: MessageBody, ...Refusals },
  }),
};

export const credentials = {
  users: defineRoute({
    method: 'GET',
    path: '/api/credentials/users',
    tags: ['admin'],
    summary: 'Every account by name and group (kikoeru user management)',
    bearer: true,
    response: {
      200: Type.Object({ users: Type.Array(Type.Object({ name: Type.String(), group: Type.String() })) }),
      ...Refusals,
    },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/credentials/user',
    tags: ['admin'],
    summary: 'Create an account (kikoeru user management); 409 when the name is taken',
    bearer: true,
    body: Type.Object({
      name: UserName,
      password: Password,
      group: Type.Optional(StringEnum(USER_GROUPS, { description: 'default user' })),
    }),
    response: { 200: MessageBody, ...Refusals },
  }),
  setPassword: defineRoute({
    method: 'PUT',
    path: '/api/credentials/user',
    tags: ['admin'],
    summary: 'Set an account’s password (administrators); its older tokens stop working',
    description:
      'kikoeru-express also lets users set their own password here without the current one; this server asks for it: POST /api/auth/change-password.',
    bearer: true,
    body: Type.Object({ name: UserName, newPassword: Password }),
    response: { 200: MessageBody, ...Refusals },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/credentials/user',
    tags: ['admin'],
    summary: 'Delete accounts with their reviews, votes and playlists: all listed, or none',
    bearer: true,
    body: Type.Object({
      users: Type.Array(Type.Object({ name: UserName }), { minItems: 1, maxItems: 1000 }),
    }),
    response: { 200: MessageBody, ...Refusals },
  }),
};
