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
import type { UserRow } from '../db/schema.ts';
import { fail, sendError } from '../errors.ts';
import { findTokenHolder } from '../repositories/users.ts';
import { requestLimitStoreFor, WindowLimiter } from '../services/rateLimit.ts';
import { ensureBuiltinAccounts, groupOf } from '../services/users.ts';
import { signToken, TokenError, verifyToken } from './jwt.ts';
import { mediaCookieToken } from './mediaCookie.ts';
import { ANONYMOUS } from './principal.ts';
import { loadJwtSecret } from './secret.ts';

export interface AuthService {
  issueToken(user: Pick<UserRow, 'id' | 'name' | 'token_version'>): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** The catalogue code of a refused token, null when there was none or it was good. */
    authError: 'JWT_EXPIRED' | null;
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
  const { config, db } = app.ctx;
  const secret = await loadJwtSecret(config, db);
  await ensureBuiltinAccounts(db);
  const guestLimiter = new WindowLimiter(
    requestLimitStoreFor(db),
    'guest',
    config.guestRateLimitPerMinute,
    60_000,
  );

  app.decorate('auth', {
    issueToken: (user) =>
      signToken({ sub: user.id, name: user.name, tv: user.token_version }, secret, config.jwtTtlSeconds),
  } satisfies AuthService);
  app.decorateRequest('principal', null as never);
  app.decorateRequest('authError', null);

  app.addHook('onRequest', async (req, reply) => {
    req.principal = ANONYMOUS;
    req.authError = null;
    const token = tokenOf(req);
    if (!token) return;
    let claims: ReturnType<typeof verifyToken>;
    try {
      claims = verifyToken(token, secret);
    } catch (err) {
      if (!(err instanceof TokenError)) throw err;
      // Expired, forged or signed with an older secret: to the web app all of these are an ended
      // session, and `jwt expired` is the message that makes it clear the token and ask to log in.
      req.authError = 'JWT_EXPIRED';
      return;
    }
    const user = await findTokenHolder(db.db, claims.sub);
    if (!user || user.token_version !== claims.tv) {
      // Password changed or account deleted: to the web app this is an ended session.
      req.authError = 'JWT_EXPIRED';
      return;
    }
    req.principal = { kind: 'account', id: user.id, name: user.name, group: groupOf(user) };
    if (req.principal.group === 'guest') {
      const r = await guestLimiter.take(`${user.id}\n${req.ip}`);
      if (!r.allowed) {
        reply.header('retry-after', String(r.retryAfter));
        return sendError(reply, fail('RATE_LIMITED'));
      }
    }
  });
}

export const authPluginRegistration = fp(authPlugin, { name: 'sasayaki-auth' });
