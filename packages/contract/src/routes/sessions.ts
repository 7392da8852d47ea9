/**
 * Sessions: every sign-in is one, and its token lives while it does (docs/accounts.md,
 * "Sessions"). A listener sees and ends their own (Account → Devices); an administrator sees and
 * ends an account's (the console).
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { MessageBody } from '../api.ts';
import { defineRoute } from './define.ts';
import { Refusals, Str } from './fields.ts';

export const Session = Type.Object({
  id: Type.String(),
  /** Browser and system from the User-Agent ("Firefox 140 on Linux"); empty when unknown. */
  client: Type.String(),
  /** The address it was last seen from. */
  address: Type.String(),
  /** Epoch milliseconds. */
  createdAt: Type.Integer(),
  /** Epoch milliseconds, to the minute. */
  lastSeenAt: Type.Integer(),
  expiresAt: Type.Integer(),
  /** The session of the request that asked. */
  current: Type.Boolean(),
});
export type Session = Static<typeof Session>;

const Ended = Type.Object({ ended: Type.Integer() });
/** As the console's account routes take it. */
const AccountParams = Type.Object({ id: Str(12, { pattern: '^[0-9]{1,10}$' }) });

export const sessions = {
  list: defineRoute({
    method: 'GET',
    path: '/api/auth/sessions',
    tags: ['auth'],
    summary: "The caller's signed-in devices, seen last first",
    description: 'GUEST_SESSIONS (403) for the shared guest account.',
    bearer: true,
    response: { 200: Type.Object({ sessions: Type.Array(Session) }), ...Refusals },
  }),
  end: defineRoute({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    tags: ['auth'],
    summary: 'Sign one of the caller’s devices out: its token stops working on every instance',
    description: 'SESSION_NOT_FOUND (404) when it is not one of the caller’s live sessions.',
    bearer: true,
    params: Type.Object({ id: Str(64) }),
    response: { 200: MessageBody, ...Refusals },
  }),
  endOthers: defineRoute({
    method: 'POST',
    path: '/api/auth/sessions/end-others',
    tags: ['auth'],
    summary: 'Sign out every device of the caller but this one',
    bearer: true,
    response: { 200: Ended, ...Refusals },
  }),
  ofAccount: defineRoute({
    method: 'GET',
    path: '/api/admin/accounts/:id/sessions',
    tags: ['admin'],
    summary: "An account's signed-in devices, seen last first",
    bearer: true,
    params: AccountParams,
    response: { 200: Type.Object({ sessions: Type.Array(Session) }), ...Refusals },
  }),
  endAccount: defineRoute({
    method: 'DELETE',
    path: '/api/admin/accounts/:id/sessions',
    tags: ['admin'],
    summary: 'Sign an account out everywhere (its app passwords stay: revoke those apart)',
    bearer: true,
    params: AccountParams,
    response: { 200: Ended, ...Refusals },
  }),
};
