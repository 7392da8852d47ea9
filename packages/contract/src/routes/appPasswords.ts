/**
 * App passwords: per-device passwords for music apps that speak the Subsonic API at /rest
 * (docs/compatibility.md, "Subsonic"). The secret is shown once, when it is made.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { MessageBody } from '../api.ts';
import { LIMITS } from '../constants.ts';
import { defineRoute } from './define.ts';
import { OrNull, Refusals, RowId, Str } from './fields.ts';

export const AppPassword = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Epoch milliseconds. */
  createdAt: Type.Integer(),
  /** Epoch milliseconds of the last request it signed (to the minute); null when never used. */
  lastUsedAt: OrNull(Type.Integer()),
});
export type AppPassword = Static<typeof AppPassword>;

export const appPasswords = {
  list: defineRoute({
    method: 'GET',
    path: '/api/auth/app-passwords',
    tags: ['auth'],
    summary: "The caller's app passwords for music apps (never their secrets), newest first",
    bearer: true,
    response: { 200: Type.Object({ appPasswords: Type.Array(AppPassword) }), ...Refusals },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/auth/app-passwords',
    tags: ['auth'],
    summary: 'Make an app password for one device; the answer is the only time its secret is shown',
    description: `name: 1–${LIMITS.appPasswordName} characters. Errors: APP_PASSWORD_NAME (400), GUEST_APP_PASSWORD (403), APP_PASSWORDS_TOO_MANY (409).`,
    bearer: true,
    body: Type.Object({ name: Str(LIMITS.appPasswordName * 4) }),
    response: {
      200: Type.Object({ appPassword: AppPassword, secret: Type.String() }),
      ...Refusals,
    },
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/auth/app-passwords/:id',
    tags: ['auth'],
    summary: 'Revoke an app password: the device that used it is signed out at once',
    bearer: true,
    params: Type.Object({ id: RowId }),
    response: { 200: MessageBody, ...Refusals },
  }),
};
