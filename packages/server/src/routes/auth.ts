/**
 * Accounts API (docs/product.md §7.1 + the further account calls: password change, email link,
 * password reset). Shapes of docs/compatibility.md: login and registration answer `{token, user}`.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, requireAccount } from '../access.ts';
import { errorResponses, messageSchema, str, userSchema } from '../auth/apiSchemas.ts';
import { clearMediaCookie, setMediaCookie } from '../auth/mediaCookie.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
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
import { nameKey } from '../services/names.ts';
import { LOGIN_RATE_LIMITED } from '../services/rateLimit.ts';
import { findUserById, GUEST_NAME } from '../services/users.ts';

const authAnswer = {
  type: 'object',
  properties: { token: { type: 'string' }, user: userSchema },
  required: ['token', 'user'],
} as const;

const credentials = {
  type: 'object',
  properties: { name: str(1000), password: str(1000), recommenderUuid: str(100) },
  required: ['name', 'password'],
} as const;

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;
  const guard = new LoginGuard();

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

  /** Refuses with 429 while the address, the name from this address or the name is limited. */
  function checkLimits(name: string, ip: string, reply: FastifyReply): void {
    const r = guard.check(guardedName(name), ip);
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter));
      throw new HttpError(429, LOGIN_RATE_LIMITED, undefined, 'LOGIN_RATE_LIMITED');
    }
  }

  /** Runs an attempt; a refusal counts against the limits, a success makes the address known. */
  async function limited(
    name: string,
    ip: string,
    reply: FastifyReply,
    attempt: () => Promise<UserRow>,
  ): Promise<UserRow> {
    checkLimits(name, ip, reply);
    const key = guardedName(name);
    try {
      const row = await attempt();
      if (key !== null) guard.succeed(key, ip);
      return row;
    } catch (err) {
      guard.fail(key, ip);
      throw err;
    }
  }

  app.get(
    '/api/auth/reg',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether registration is open (server setting)',
        response: { 200: { type: 'object', properties: { reg: { type: 'boolean' } }, required: ['reg'] } },
      },
    },
    async () => ({ reg: await registrationEnabled(db, config) }),
  );

  app.post<{ Body: { name: string; password: string; recommenderUuid?: string } }>(
    '/api/auth/reg',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register; name and password at least 5 characters; a taken name is 409',
        body: credentials,
        response: { 200: authAnswer, ...errorResponses },
      },
    },
    async (req, reply) => {
      const row = await limited(req.body.name, req.ip, reply, () => register(db, config, req.body));
      return signedIn(req, reply, row);
    },
  );

  app.post<{ Body: { name: string; password: string } }>(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in (sent without an authorization header); rate-limited per name and address',
        body: credentials,
        response: { 200: authAnswer, ...errorResponses },
      },
    },
    async (req, reply) => {
      const row = await limited(req.body.name, req.ip, reply, () =>
        login(db, req.body.name, req.body.password),
      );
      return signedIn(req, reply, row);
    },
  );

  app.get(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The current user. Without a token: loggedIn false. A bad or expired token: 401 `jwt expired`',
        security: [{ bearer: [] }],
        response: {
          200: {
            type: 'object',
            properties: { user: userSchema, auth: { type: 'boolean' }, reg: { type: 'boolean' } },
            required: ['user', 'auth', 'reg'],
          },
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      if (req.authError) throw new HttpError(401, req.authError);
      const reg = await registrationEnabled(db, config);
      const p = req.principal;
      const row = p.kind === 'account' ? await findUserById(db, p.id) : undefined;
      // A session from before the media cookie existed gets it when the web app starts.
      if (row) setMediaCookie(req, reply, app.auth.issueToken(row), config.jwtTtlSeconds);
      const user = row
        ? userView(row)
        : { loggedIn: false, name: '', group: '', email: null, recommenderUuid: '' };
      return { user, auth: true, reg };
    },
  );

  // Older kikoeru front ends (cached as installed web apps) still ask the former address.
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Former address of GET /api/auth/me: redirects there',
        response: { 302: { description: 'Location: /api/auth/me', type: 'null' } },
      },
    },
    (_req, reply) => reply.redirect('/api/auth/me'),
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out in this browser: clears the media cookie (the token is forgotten by the client)',
        response: { 200: messageSchema },
      },
    },
    async (req, reply) => {
      clearMediaCookie(req, reply);
      return { message: 'logged out' };
    },
  );

  app.post<{ Body: { oldPassword: string; newPassword: string } }>(
    '/api/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password. Every older token stops working; the answer carries a new one',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: { oldPassword: str(1000), newPassword: str(1000) },
          required: ['oldPassword', 'newPassword'],
        },
        response: { 200: authAnswer, ...errorResponses },
      },
    },
    async (req, reply) => {
      const p = requireAccount(req);
      authorize(req, 'password.change');
      const row = await changePassword(db, p.id, req.body.oldPassword, req.body.newPassword);
      return signedIn(req, reply, row);
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/auth/email/request-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit code to the email to link; answers the verifyId to confirm with',
        description:
          'Errors: `must unlink email first` (409), `email already linked to another user` (409), `guest cannot link email` (403). The code is valid 15 minutes and for 5 tries.',
        security: [{ bearer: [] }],
        body: { type: 'object', properties: { email: str(320) }, required: ['email'] },
        response: {
          200: {
            type: 'object',
            properties: { verifyId: { type: 'string' }, message: { type: 'string' } },
            required: ['verifyId', 'message'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      authorize(req, 'email.link');
      const verifyId = await requestEmailLink(db, config, p.id, req.body.email);
      return { verifyId, message: 'verification code sent' };
    },
  );

  app.post<{ Body: { verifyId: string; code: string } }>(
    '/api/auth/email/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the email link with the code',
        description:
          'A wrong code answers 400 `not verified yet` with `details.attemptsLeft`; an unknown, used, expired or exhausted verifyId answers 410 `verify id expired` (request a new code).',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: { verifyId: str(100), code: str(20) },
          required: ['verifyId', 'code'],
        },
        response: {
          200: {
            type: 'object',
            properties: { message: { type: 'string' }, user: userSchema },
            required: ['message', 'user'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      authorize(req, 'email.link');
      const row = await verifyEmailLink(db, p.id, req.body.verifyId, req.body.code.trim());
      return { message: 'email linked', user: userView(row) };
    },
  );

  app.post(
    '/api/auth/email/unlink',
    {
      schema: {
        tags: ['auth'],
        summary: 'Remove the linked email (needed before linking another one)',
        security: [{ bearer: [] }],
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      authorize(req, 'email.link');
      await unlinkEmail(db, p.id);
      return { message: 'email unlinked' };
    },
  );

  app.post<{ Body: { name?: string; email?: string } }>(
    '/api/auth/reset-password/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset code to the email linked to the account (by name or email)',
        description:
          'The answer is the same whether or not the account exists or has an email (only the owner of the linked email learns the code). Rate-limited like login.',
        body: { type: 'object', properties: { name: str(1000), email: str(320) } },
        response: {
          200: {
            type: 'object',
            properties: { verifyId: { type: 'string' }, message: { type: 'string' } },
            required: ['verifyId', 'message'],
          },
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const who = req.body.name ?? req.body.email ?? '';
      // Each request mails a code: all of them count, not only failures.
      checkLimits(who, req.ip, reply);
      guard.fail(guardedName(who), req.ip);
      const { verifyId, mail } = await requestPasswordReset(db, config, req.body);
      // Sent after answering, so the time to answer does not tell whether a mail went out.
      mail.catch((err: unknown) => req.log.error({ err }, 'sending the password reset mail failed'));
      return { verifyId, message: RESET_REQUESTED };
    },
  );

  app.post<{ Body: { verifyId: string; code: string; password: string } }>(
    '/api/auth/reset-password/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed code; every older token stops working',
        body: {
          type: 'object',
          properties: { verifyId: str(100), code: str(20), password: str(1000) },
          required: ['verifyId', 'code', 'password'],
        },
        response: { 200: authAnswer, ...errorResponses },
      },
    },
    async (req, reply) => {
      const row = await confirmPasswordReset(db, req.body.verifyId, req.body.code.trim(), req.body.password);
      return signedIn(req, reply, row);
    },
  );
};
