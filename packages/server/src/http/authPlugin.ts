/**
 * Sets `req.principal` on every request from `Authorization: Bearer <jwt>`, `?token=` or, on media
 * routes, the media cookie (mediaCookie.ts), and rate-limits the shared guest account (counted
 * across instances on PostgreSQL, rateLimit.ts). Registered first with fastify-plugin so its hooks
 * cover every route. A token is valid only while its token_version matches the user's (a password
 * change or group change logs out every older token) and the user still exists.
 *
 * A bad or expired token makes the request anonymous; `req.authError` keeps why, so routes that
 * need login (access.ts) answer 401 with `jwt expired` instead of
 * `No authorization token was found`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { signToken, TokenError, tokenKey, verifyToken } from '../auth/jwt.ts';
import { mediaCookieToken } from '../auth/mediaCookie.ts';
import { ANONYMOUS, type Principal } from '../auth/principal.ts';
import { loadJwtSecret } from '../auth/secret.ts';
import type { UserRow } from '../db/schema.ts';
import { fail, sendError } from '../errors.ts';
import { findTokenHolder } from '../repositories/users.ts';
import { requestLimitStoreFor, WindowLimiter } from '../services/rateLimit.ts';
import { ensureBuiltinAccounts, groupOf, noteLastSeen } from '../services/users.ts';

export interface AuthService {
  issueToken(user: Pick<UserRow, 'id' | 'name' | 'token_version'>): string;
  /** Who a token signs in, for a token that came another way than a header (a beacon's body). */
  principalOf(token: string): Promise<{
    principal: Principal;
    authError: 'JWT_EXPIRED' | null;
    /** The token's record for logout, when it was accepted. */
    session: { key: string; expiresAt: number } | null;
  }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** The catalogue code of a refused token, null when there was none or it was good. */
    authError: 'JWT_EXPIRED' | null;
    /** The accepted token of the request (what logout ends), null without one. */
    session: { key: string; expiresAt: number } | null;
  }
}

function tokenOf(req: FastifyRequest): string | null {
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
  const guestLimits = requestLimitStoreFor(db);
  // The limit is a site setting: a limiter per value, so a change applies to the next request.
  let guestLimiter: WindowLimiter | null = null;
  const guestLimiterNow = () => {
    const limit = settings.get('guestRateLimit');
    if (guestLimiter?.limit !== limit) guestLimiter = new WindowLimiter(guestLimits, 'guest', limit, 60_000);
    return guestLimiter;
  };

  async function principalOf(token: string): ReturnType<AuthService['principalOf']> {
    let claims: ReturnType<typeof verifyToken>;
    try {
      claims = verifyToken(token, secret);
    } catch (err) {
      if (!(err instanceof TokenError)) throw err;
      // Expired, forged or signed with an older secret: to the web app all of these are an ended
      // session, and `jwt expired` is the message that makes it clear the token and ask to log in.
      return { principal: ANONYMOUS, authError: 'JWT_EXPIRED', session: null };
    }
    const key = tokenKey(token);
    const user = await findTokenHolder(db, claims.sub, key);
    if (!user || user.token_version !== claims.tv || user.disabled_at !== null || user.revoked) {
      // Password changed, logged out, account disabled or deleted: to the web app this is an ended session.
      return { principal: ANONYMOUS, authError: 'JWT_EXPIRED', session: null };
    }
    await noteLastSeen(app.ctx, user);
    return {
      principal: { kind: 'account', id: user.id, name: user.name, group: groupOf(user) },
      authError: null,
      session: { key, expiresAt: claims.exp * 1000 },
    };
  }

  app.decorate('auth', {
    issueToken: (user) =>
      signToken({ sub: user.id, name: user.name, tv: user.token_version }, secret, config.jwtTtlSeconds),
    principalOf,
  } satisfies AuthService);
  app.decorateRequest('principal', null as never);
  app.decorateRequest('authError', null);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (req, reply) => {
    req.principal = ANONYMOUS;
    req.authError = null;
    req.session = null;
    const token = tokenOf(req);
    if (!token) return;
    const found = await principalOf(token);
    req.principal = found.principal;
    req.authError = found.authError;
    req.session = found.session;
    if (req.principal.kind === 'account' && req.principal.group === 'guest') {
      const r = await guestLimiterNow().take(`${req.principal.id}\n${req.ip}`);
      if (!r.allowed) {
        reply.header('retry-after', String(r.retryAfter));
        return sendError(reply, fail('RATE_LIMITED'));
      }
    }
  });
}

export const authPluginRegistration = fp(authPlugin, { name: 'sasayaki-auth' });
