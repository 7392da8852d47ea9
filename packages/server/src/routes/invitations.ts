/**
 * Invitations (contract: routes/invitations.ts): the console makes, lists and revokes them; the
 * public calls check a code and register with it. Every code tried counts against the address.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { authorize } from '../access.ts';
import { setMediaCookie } from '../auth/mediaCookie.ts';
import { fail } from '../errors.ts';
import { userView } from '../services/accounts.ts';
import { recordAudit } from '../services/audit.ts';
import {
  createInvitation,
  listInvitations,
  openInvitation,
  redeemInvitation,
  revokeInvitation,
} from '../services/invitations.ts';
import { INVITATION_LIMIT, requestLimitStoreFor, WindowLimiter } from '../services/rateLimit.ts';
import { route } from './route.ts';

export const invitationRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;
  const I = ROUTES.invitations;
  const attempts = new WindowLimiter(
    requestLimitStoreFor(db),
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
    authorize(req, 'admin');
    return { invitations: await listInvitations(db) };
  });

  route(app, I.create, async function makeInvitation(req) {
    const p = authorize(req, 'admin');
    const made = await createInvitation(db, p.kind === 'account' ? p.name : '', req.body);
    await recordAudit(db, p, {
      action: 'invitation.create',
      target: made.invitation.note || `#${made.invitation.id}`,
      details: { id: made.invitation.id, expiresAt: made.invitation.expiresAt },
    });
    return made;
  });

  route(app, I.revoke, async function revokeOpenInvitation(req) {
    const p = authorize(req, 'admin');
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw fail('INVITATION_NOT_FOUND');
    await revokeInvitation(db, id);
    await recordAudit(db, p, { action: 'invitation.revoke', target: `#${id}`, details: { id } });
    return { message: 'invitation revoked' };
  });

  route(app, I.check, async function checkInvitation(req, reply) {
    await mustAllow(req.ip, reply);
    const { expiresAt } = await openInvitation(db, req.body.code);
    return { expiresAt };
  });

  route(app, I.redeem, async function registerWithInvitation(req, reply) {
    await mustAllow(req.ip, reply);
    const { user, invitation } = await redeemInvitation(db, req.body);
    // The new account is the actor: the log tells who came in through which invitation.
    await recordAudit(
      db,
      { kind: 'account', id: user.id, name: user.name, group: 'user' },
      {
        action: 'invitation.use',
        target: invitation.note || `#${invitation.id}`,
        details: { id: invitation.id, createdBy: invitation.createdBy },
      },
    );
    const token = app.auth.issueToken(user);
    setMediaCookie(req, reply, token, config.jwtTtlSeconds);
    return { token, user: userView(user) };
  });
};
