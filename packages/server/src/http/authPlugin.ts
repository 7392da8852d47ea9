/**
 * Sets `req.principal` on every request from `Authorization: Bearer <jwt>`, `?token=` or, on media
 * routes, the media cookie (mediaCookie.ts), and rate-limits the shared guest account (counted
 * across instances on PostgreSQL, infra/limits/guestLimit.ts). Registered first with fastify-plugin
 * so its hooks cover every route. A token is valid only while the session it names lives
 * (services/sessions.ts: logout, a password or group change, a disabled or deleted account end it).
 *
 * A bad or expired token makes the request anonymous; `req.authError` keeps why, so routes that
 * need login (access.ts) answer 401 with `jwt expired` instead of
 * `No authorization token was found`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { signToken, TokenError, verifyToken } from '../auth/jwt.ts';
import { mediaCookieToken, setMediaCookie } from '../auth/mediaCookie.ts';
import { ANONYMOUS, EXPIRED, type Principal } from '../auth/principal.ts';
import { loadJwtSecret } from '../auth/secret.ts';
import type { UserRow } from '../db/schema.ts';
import { fail, sendError } from '../errors.ts';
import { GuestLimit } from '../infra/limits/guestLimit.ts';
import { sessionHolder, startSession } from '../services/sessions.ts';
import { ensureBuiltinAccounts, groupOf, noteLastSeen } from '../services/users.ts';

type TokenUser = Pick<UserRow, 'id' | 'name' | 'token_version'>;

/** The session a request's token names. */
export interface RequestSession {
  id: string;
  expiresAt: number;
}

export interface AuthService {
  /** A sign-in: starts a session from this request's client and address; answers its token. */
  signIn(req: FastifyRequest, user: TokenUser): Promise<string>;
  /** signIn, and the same token as the media cookie (the web app's sign-in answers). */
  signInWithCookie(req: FastifyRequest, reply: FastifyReply, user: TokenUser): Promise<string>;
  /** A fresh token of a session that lives (the media cookie of an older session). */
  tokenOf(user: TokenUser, session: RequestSession): string;
  /** Who a token signs in, for a token that came another way than a header (a beacon's body). */
  principalOf(
    token: string,
    address?: string,
  ): Promise<{
    principal: Principal;
    authError: 'JWT_EXPIRED' | null;
    /** The token's session, when it was accepted. */
    session: RequestSession | null;
  }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** The catalogue code of a refused token, null when there was none or it was good. */
    authError: 'JWT_EXPIRED' | null;
    /** The session of the request's accepted token (what logout ends), null without one. */
    session: RequestSession | null;
  }
}

function requestToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h) {
    const m = /^Bearer\s+(\S+)$/i.exec(h);
    if (m?.[1]) return m[1];
  }
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  if (typeof q === 'string' && q) return q;
  return mediaCookieToken(req);
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  const { config, db, settings } = app.ctx;
  const secret = await loadJwtSecret(config, db);
  await ensureBuiltinAccounts(db);
  const guestLimit = new GuestLimit(db, settings);

  async function principalOf(token: string, address = ''): ReturnType<AuthService['principalOf']> {
    let claims: ReturnType<typeof verifyToken>;
    try {
      claims = verifyToken(token, secret);
    } catch (err) {
      if (!(err instanceof TokenError)) throw err;
      // Expired, forged or signed with an older secret: to the web app all of these are an ended
      // session, and `jwt expired` is the message that makes it clear the token and ask to log in.
      return { principal: EXPIRED, authError: 'JWT_EXPIRED', session: null };
    }
    const user = await sessionHolder(app.ctx, claims.sid, claims.sub, address);
    if (!user || user.token_version !== claims.tv || user.disabled_at !== null) {
      // Logged out, signed out by another device or an administrator, password or group changed,
      // account disabled or deleted: to the web app each is an ended session.
      return { principal: EXPIRED, authError: 'JWT_EXPIRED', session: null };
    }
    await noteLastSeen(app.ctx, user);
    return {
      principal: { kind: 'account', id: user.id, name: user.name, group: groupOf(user) },
      authError: null,
      session: { id: claims.sid, expiresAt: user.expires_at },
    };
  }

  const tokenOf = (user: TokenUser, session: RequestSession): string => {
    const ttl = Math.max(1, Math.ceil((session.expiresAt - Date.now()) / 1000));
    return signToken({ sub: user.id, name: user.name, tv: user.token_version, sid: session.id }, secret, ttl);
  };
  const signIn = async (req: FastifyRequest, user: TokenUser): Promise<string> => {
    const from = { userAgent: req.headers['user-agent'], address: req.ip };
    const session = await startSession(db, user, from, config.jwtTtlSeconds * 1000);
    return tokenOf(user, session);
  };

  app.decorate('auth', {
    signIn,
    async signInWithCookie(req, reply, user) {
      const token = await signIn(req, user);
      setMediaCookie(req, reply, token, config.jwtTtlSeconds);
      return token;
    },
    tokenOf,
    principalOf,
  } satisfies AuthService);
  app.decorateRequest('principal', null as never);
  app.decorateRequest('authError', null);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (req, reply) => {
    req.principal = ANONYMOUS;
    req.authError = null;
    req.session = null;
    const token = requestToken(req);
    if (!token) return;
    const found = await principalOf(token, req.ip);
    req.principal = found.principal;
    req.authError = found.authError;
    req.session = found.session;
    const r = await guestLimit.take(req.principal, req.ip);
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter));
      return sendError(reply, fail('RATE_LIMITED'));
    }
  });
}

export const authPluginRegistration = fp(authPlugin, { name: 'sasayaki-auth' });
