/**
 * Invitations (docs/console.md): an administrator makes a one-time link, and whoever opens it
 * may register, even while registration is closed.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { AuthAnswer, MessageBody } from '../api.ts';
import { defineRoute } from './define.ts';
import { OrNull, Refusals, Str, StringEnum } from './fields.ts';

export const INVITATION_STATUSES = ['open', 'used', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** How long an invitation may stay open, in days. */
export const INVITATION_DAYS = { min: 1, max: 90, default: 7 } as const;
/** Codes are 32 random bytes, base64url: 43 characters. */
export const INVITATION_CODE_PATTERN = '^[A-Za-z0-9_-]{43}$';

export const Invitation = Type.Object({
  id: Type.Integer(),
  note: Type.String(),
  createdBy: Type.String(),
  createdAt: Type.Integer(),
  expiresAt: Type.Integer(),
  status: StringEnum(INVITATION_STATUSES),
  usedAt: OrNull(Type.Integer()),
  /** The name of the account registered with it. */
  usedBy: OrNull(Type.String()),
});
export type Invitation = Static<typeof Invitation>;

const Code = Str(43, { pattern: INVITATION_CODE_PATTERN });

export const invitations = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/invitations',
    tags: ['admin'],
    summary: 'The last 200 invitations, newest first, with their status',
    bearer: true,
    response: { 200: Type.Object({ invitations: Type.Array(Invitation) }), ...Refusals },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/admin/invitations',
    tags: ['admin'],
    summary: 'Make a one-time invitation; the code is answered only here',
    bearer: true,
    body: Type.Object({
      note: Type.Optional(Str(200)),
      days: Type.Optional(Type.Integer({ minimum: INVITATION_DAYS.min, maximum: INVITATION_DAYS.max })),
    }),
    response: { 200: Type.Object({ invitation: Invitation, code: Type.String() }), ...Refusals },
  }),
  revoke: defineRoute({
    method: 'POST',
    path: '/api/admin/invitations/:id/revoke',
    tags: ['admin'],
    summary: 'Revoke an invitation not used yet (404 INVITATION_NOT_FOUND otherwise)',
    bearer: true,
    params: Type.Object({ id: Str(12, { pattern: '^[0-9]{1,10}$' }) }),
    response: { 200: MessageBody, ...Refusals },
  }),
  check: defineRoute({
    method: 'POST',
    path: '/api/invitations/check',
    tags: ['auth'],
    summary: 'Whether an invitation code can still be used, and until when',
    description:
      'INVITATION_INVALID (404) for an unknown, used, revoked or expired code; every check counts against the per-address limit (429 INVITATION_RATE_LIMITED).',
    body: Type.Object({ code: Code }),
    response: { 200: Type.Object({ expiresAt: Type.Integer() }), ...Refusals },
  }),
  redeem: defineRoute({
    method: 'POST',
    path: '/api/invitations/register',
    tags: ['auth'],
    summary: 'Register with an invitation, also while registration is closed; the code is used once',
    description:
      'INVITATION_INVALID (404), name and password errors as for /api/auth/reg (the code stays usable), INVITATION_RATE_LIMITED (429).',
    body: Type.Object({ code: Code, name: Str(200), password: Str(1000) }),
    response: { 200: AuthAnswer, ...Refusals },
  }),
};
