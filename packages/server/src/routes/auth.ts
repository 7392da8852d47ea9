/**
 * Accounts API (docs/product.md §7.1 + the further account calls: password change, email link,
 * password reset). Shapes of docs/compatibility.md: login and registration answer `{token, user}`.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { clearMediaCookie, setMediaCookie } from '../auth/mediaCookie.ts';
import { fail } from '../errors.ts';
import { LoginGuard } from '../infra/limits/loginGuard.ts';
import {
  counterStoreFor,
  type LimitResult,
  RESET_LIMIT,
  takeEach,
  WindowLimiter,
} from '../infra/limits/rateLimit.ts';
import { mailerOf } from '../infra/mail.ts';
import { nameKey } from '../names.ts';
import {
  changePassword,
  confirmPasswordReset,
  login,
  passwordChanger,
  RESET_REQUESTED,
  register,
  requestEmailLink,
  requestPasswordReset,
  resetTarget,
  unlinkEmail,
  userView,
  verifyEmailLink,
} from '../services/accounts.ts';
import { endCurrentSession } from '../services/sessions.ts';
import { findUserById, GUEST_NAME, type UserRow, validatePassword } from '../services/users.ts';
import { route } from './route.ts';

/** Request limits of the account routes beside the sign-in guard (docs/security.md). */
function accountLimits(app: FastifyInstance) {
  const { db, settings } = app.ctx;
  const limits = counterStoreFor(db);
  const hour = 60 * 60_000;
  return {
    // Read at each registration: the site setting may change while the server runs.
    registrations: new WindowLimiter(limits, 'register', () => settings.get('registrationLimit'), hour),
    resetsByAddress: new WindowLimiter(limits, 'reset-a', RESET_LIMIT.perAddress, RESET_LIMIT.windowMs),
    resetsByTarget: new WindowLimiter(limits, 'reset-t', RESET_LIMIT.perEmail, RESET_LIMIT.windowMs),
    resetsByAccount: new WindowLimiter(limits, 'reset-u', RESET_LIMIT.perAccount, RESET_LIMIT.windowMs),
    confirms: new WindowLimiter(
      limits,
      'confirm-a',
      RESET_LIMIT.confirmsPerAddress,
      RESET_LIMIT.confirmWindowMs,
    ),
  };
}
type AccountLimits = ReturnType<typeof accountLimits>;

/** Refuses with `code` (429 and Retry-After) unless the limit allowed the request. */
function mustAllow(
  r: LimitResult,
  reply: FastifyReply,
  code: 'REGISTRATION_RATE_LIMITED' | 'RESET_RATE_LIMITED',
): void {
  if (r.allowed) return;
  reply.header('retry-after', String(r.retryAfter));
  throw fail(code);
}

type SignedIn = (
  req: FastifyRequest,
  reply: FastifyReply,
  row: UserRow,
) => Promise<{ token: string; user: ReturnType<typeof userView> }>;

export const authRoutes: FastifyPluginAsync = async (app) => {
  /** A sign-in answer: a new session's token for API calls, and the same as the media cookie. */
  const signedIn: SignedIn = async (req, reply, row) => {
    const token = await app.auth.signInWithCookie(req, reply, row);
    return { token, user: userView(row) };
  };
  const limits = accountLimits(app);
  sessionRoutes(app, signedIn, limits);
  emailRoutes(app, signedIn, limits);
};

/** Registration, sign-in, the current user, logout and password change. */
function sessionRoutes(app: FastifyInstance, signedIn: SignedIn, limits: AccountLimits): void {
  const { db, settings } = app.ctx;
  const guard = new LoginGuard(counterStoreFor(db));
  // The guest password is public: limits on its name would only let anyone lock everyone out.
  const guardedName = (name: string) => {
    const key = nameKey(name);
    return key === GUEST_NAME ? null : key;
  };

  /**
   * Runs an attempt: it counts against the sign-in limits from the start (so racing attempts
   * cannot all pass), refused with 429 while the address, the name from this address or the name
   * is limited; a success gives its slots back and makes the address known.
   */
  async function limited(
    name: string,
    ip: string,
    reply: FastifyReply,
    attempt: () => Promise<UserRow>,
  ): Promise<UserRow> {
    const r = await guard.begin(guardedName(name), ip);
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter));
      throw fail('LOGIN_RATE_LIMITED');
    }
    const row = await attempt();
    await guard.succeed(guardedName(name), ip);
    return row;
  }

  route(app, ROUTES.auth.registrationOpen, async function registrationOpen() {
    return { reg: settings.get('registrationEnabled') };
  });

  route(app, ROUTES.auth.register, async function registerAccount(req, reply) {
    // Only accounts made count toward the address's allowance: a refused name gives its slot back.
    mustAllow(await limits.registrations.take(req.ip), reply, 'REGISTRATION_RATE_LIMITED');
    try {
      const row = await limited(req.body.name, req.ip, reply, () => register(db, settings, req.body));
      return signedIn(req, reply, row);
    } catch (err) {
      await limits.registrations.giveBack(req.ip);
      throw err;
    }
  });

  route(app, ROUTES.auth.login, async function logIn(req, reply) {
    const row = await limited(req.body.name, req.ip, reply, () =>
      login(db, req.body.name, req.body.password),
    );
    return signedIn(req, reply, row);
  });

  route(app, ROUTES.auth.me, async function currentUser(req, reply) {
    if (req.authError) throw fail(req.authError);
    const reg = settings.get('registrationEnabled');
    const p = req.principal;
    const row = p.kind === 'account' ? await findUserById(db, p.id) : undefined;
    // A session from before the media cookie existed gets it when the web app starts.
    if (row && req.session) {
      const maxAge = Math.floor((req.session.expiresAt - Date.now()) / 1000);
      setMediaCookie(req, reply, app.auth.tokenOf(row, req.session), maxAge);
    }
    const user = row
      ? userView(row)
      : { loggedIn: false, name: '', group: '', email: null, recommenderUuid: '' };
    return { user, auth: true, reg };
  });

  route(app, ROUTES.auth.formerMe, function formerMe(_req, reply) {
    return reply.redirect('/api/auth/me');
  });

  route(app, ROUTES.auth.logout, async function logOut(req, reply) {
    // The token ends for every instance on the database, not only in this browser.
    if (req.session) await endCurrentSession(db, req.principal, req.session.id);
    clearMediaCookie(req, reply);
    return { message: 'logged out' };
  });

  route(app, ROUTES.auth.changePassword, async function changeOwnPassword(req, reply) {
    const p = passwordChanger(req.principal);
    validatePassword(req.body.newPassword);
    // A stolen token must not buy unlimited guesses at the password: the sign-in limits apply.
    const row = await limited(p.name, req.ip, reply, () =>
      changePassword(db, p, req.body.oldPassword, req.body.newPassword),
    );
    return signedIn(req, reply, row);
  });
}

/** Linking an email address, and resetting a password through it. */
function emailRoutes(app: FastifyInstance, signedIn: SignedIn, limits: AccountLimits): void {
  const { db, config, settings } = app.ctx;
  const { resetsByAddress, resetsByTarget, resetsByAccount, confirms } = limits;

  route(app, ROUTES.auth.requestEmailLink, async function requestEmailLinkCode(req) {
    const verifyId = await requestEmailLink(db, mailerOf(config, settings), req.principal, req.body.email);
    return { verifyId, message: 'verification code sent' };
  });

  route(app, ROUTES.auth.verifyEmail, async function verifyEmail(req) {
    const row = await verifyEmailLink(db, req.principal, req.body.verifyId, req.body.code.trim());
    return { message: 'email linked', user: userView(row) };
  });

  route(app, ROUTES.auth.unlinkEmail, async function unlinkOwnEmail(req) {
    await unlinkEmail(db, req.principal);
    return { message: 'email unlinked' };
  });

  route(app, ROUTES.auth.requestPasswordReset, async function requestReset(req, reply) {
    // Each request may mail a code: all of them count, per address and per email (or name)
    // asked for; the account reached has its own allowance, whichever way it was named.
    const target = resetTarget(req.body);
    const r = await takeEach([
      [resetsByAddress, req.ip],
      [resetsByTarget, target],
    ]);
    mustAllow(r, reply, 'RESET_RATE_LIMITED');
    const mayMail = async (userId: number) => (await resetsByAccount.take(String(userId))).allowed;
    const { verifyId, mail } = await requestPasswordReset(db, mailerOf(config, settings), req.body, mayMail);
    // Sent after answering, so the time to answer does not tell whether a mail went out.
    mail.catch((err: unknown) => req.log.error({ err }, 'sending the password reset mail failed'));
    return { verifyId, message: RESET_REQUESTED };
  });

  route(app, ROUTES.auth.confirmPasswordReset, async function confirmReset(req, reply) {
    // Each confirmation is a guess at a code: counted per address, success or not.
    mustAllow(await confirms.take(req.ip), reply, 'RESET_RATE_LIMITED');
    const row = await confirmPasswordReset(db, req.body.verifyId, req.body.code.trim(), req.body.password);
    return signedIn(req, reply, row);
  });
}
