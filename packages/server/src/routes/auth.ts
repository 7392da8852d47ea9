/**
 * Accounts API (docs/product.md §7.1 + the further account calls: password change, email link,
 * password reset). Shapes of docs/compatibility.md: login and registration answer `{token, user}`.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, requireAccount } from '../access.ts';
import { clearMediaCookie, setMediaCookie } from '../auth/mediaCookie.ts';
import type { UserRow } from '../db/schema.ts';
import { fail } from '../errors.ts';
import {
  changePassword,
  confirmPasswordReset,
  login,
  RESET_REQUESTED,
  register,
  registrationEnabled,
  requestEmailLink,
  requestPasswordReset,
  unlinkEmail,
  userView,
  verifyEmailLink,
} from '../services/accounts.ts';
import { LoginGuard } from '../services/loginGuard.ts';
import { loginLimitStoreFor } from '../services/loginLimitStore.ts';
import { nameKey } from '../services/names.ts';
import { findUserById, GUEST_NAME } from '../services/users.ts';
import { route } from './route.ts';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;
  const guard = new LoginGuard(loginLimitStoreFor(db));

  /** A sign-in answer: the token for API calls, and the same as the media cookie. */
  const signedIn = (req: FastifyRequest, reply: FastifyReply, row: UserRow) => {
    const token = app.auth.issueToken(row);
    setMediaCookie(req, reply, token, config.jwtTtlSeconds);
    return { token, user: userView(row) };
  };
  // The guest password is public: limits on its name would only let anyone lock everyone out.
  const guardedName = (name: string) => {
    const key = nameKey(name);
    return key === GUEST_NAME ? null : key;
  };

  /**
   * Claims an attempt, or refuses with 429 while the address, the name from this address or the
   * name is limited.
   */
  async function checkLimits(name: string, ip: string, reply: FastifyReply): Promise<void> {
    const r = await guard.begin(guardedName(name), ip);
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter));
      throw fail('LOGIN_RATE_LIMITED');
    }
  }

  /**
   * Runs an attempt: it counts against the limits from the start (so racing attempts cannot all
   * pass); a success gives its slots back and makes the address known.
   */
  async function limited(
    name: string,
    ip: string,
    reply: FastifyReply,
    attempt: () => Promise<UserRow>,
  ): Promise<UserRow> {
    await checkLimits(name, ip, reply);
    const row = await attempt();
    await guard.succeed(guardedName(name), ip);
    return row;
  }

  route(app, ROUTES.auth.registrationOpen, async function registrationOpen() {
    return { reg: await registrationEnabled(db, config) };
  });

  route(app, ROUTES.auth.register, async function registerAccount(req, reply) {
    const row = await limited(req.body.name, req.ip, reply, () => register(db, config, req.body));
    return signedIn(req, reply, row);
  });

  route(app, ROUTES.auth.login, async function logIn(req, reply) {
    const row = await limited(req.body.name, req.ip, reply, () =>
      login(db, req.body.name, req.body.password),
    );
    return signedIn(req, reply, row);
  });

  route(app, ROUTES.auth.me, async function currentUser(req, reply) {
    if (req.authError) throw fail(req.authError);
    const reg = await registrationEnabled(db, config);
    const p = req.principal;
    const row = p.kind === 'account' ? await findUserById(db, p.id) : undefined;
    // A session from before the media cookie existed gets it when the web app starts.
    if (row) setMediaCookie(req, reply, app.auth.issueToken(row), config.jwtTtlSeconds);
    const user = row
      ? userView(row)
      : { loggedIn: false, name: '', group: '', email: null, recommenderUuid: '' };
    return { user, auth: true, reg };
  });

  route(app, ROUTES.auth.formerMe, function formerMe(_req, reply) {
    return reply.redirect('/api/auth/me');
  });

  route(app, ROUTES.auth.logout, async function logOut(req, reply) {
    clearMediaCookie(req, reply);
    return { message: 'logged out' };
  });

  route(app, ROUTES.auth.changePassword, async function changeOwnPassword(req, reply) {
    const p = requireAccount(req);
    authorize(req, 'password.change');
    const row = await changePassword(db, p.id, req.body.oldPassword, req.body.newPassword);
    return signedIn(req, reply, row);
  });

  route(app, ROUTES.auth.requestEmailLink, async function requestEmailLinkCode(req) {
    const p = requireAccount(req);
    authorize(req, 'email.link');
    const verifyId = await requestEmailLink(db, config, p.id, req.body.email);
    return { verifyId, message: 'verification code sent' };
  });

  route(app, ROUTES.auth.verifyEmail, async function verifyEmail(req) {
    const p = requireAccount(req);
    authorize(req, 'email.link');
    const row = await verifyEmailLink(db, p.id, req.body.verifyId, req.body.code.trim());
    return { message: 'email linked', user: userView(row) };
  });

  route(app, ROUTES.auth.unlinkEmail, async function unlinkOwnEmail(req) {
    const p = requireAccount(req);
    authorize(req, 'email.link');
    await unlinkEmail(db, p.id);
    return { message: 'email unlinked' };
  });

  route(app, ROUTES.auth.requestPasswordReset, async function requestReset(req, reply) {
    const who = req.body.name ?? req.body.email ?? '';
    // Each request may mail a code: all of them count (checkLimits counts; nothing gives back).
    await checkLimits(who, req.ip, reply);
    const { verifyId, mail } = await requestPasswordReset(db, config, req.body);
    // Sent after answering, so the time to answer does not tell whether a mail went out.
    mail.catch((err: unknown) => req.log.error({ err }, 'sending the password reset mail failed'));
    return { verifyId, message: RESET_REQUESTED };
  });

  route(app, ROUTES.auth.confirmPasswordReset, async function confirmReset(req, reply) {
    const row = await confirmPasswordReset(db, req.body.verifyId, req.body.code.trim(), req.body.password);
    return signedIn(req, reply, row);
  });
};
