/**
 * Invitations (contract: routes/invitations.ts): the console makes, lists and revokes them; the
 * public calls check a code and register with it. Every code tried counts against the address.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fail } from '../errors.ts';
import { counterStoreFor, INVITATION_LIMIT, WindowLimiter } from '../infra/limits/rateLimit.ts';
import { userView } from '../services/accounts.ts';
import {
  createInvitation,
  listInvitations,
  openInvitation,
  redeemInvitation,
  revokeInvitation,
} from '../services/invitations.ts';
import { route } from './route.ts';

export const invitationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const I = ROUTES.invitations;
  const attempts = new WindowLimiter(
    counterStoreFor(db),
    'invite-a',
    INVITATION_LIMIT.perAddress,
    INVITATION_LIMIT.windowMs,
  );
  const mustAllow = async (ip: string, reply: FastifyReply) => {
    const r = await attempts.take(ip);
    if (r.allowed) return;
    reply.header('retry-after', String(r.retryAfter));
    throw fail('INVITATION_RATE_LIMITED');
  };

  route(app, I.list, async function invitationList(req) {
    return { invitations: await listInvitations(db, req.principal) };
  });

  route(app, I.create, async function makeInvitation(req) {
    return createInvitation(db, req.principal, req.body);
  });

  route(app, I.revoke, async function revokeOpenInvitation(req) {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw fail('INVITATION_NOT_FOUND');
    await revokeInvitation(db, req.principal, id);
    return { message: 'invitation revoked' };
  });

  route(app, I.check, async function checkInvitation(req, reply) {
    await mustAllow(req.ip, reply);
    const { expiresAt } = await openInvitation(db, req.body.code);
    return { expiresAt };
  });

  route(app, I.redeem, async function registerWithInvitation(req, reply) {
    await mustAllow(req.ip, reply);
    const { user } = await redeemInvitation(db, req.body);
    const token = await app.auth.signInWithCookie(req, reply, user);
    return { token, user: userView(user) };
  });
};
