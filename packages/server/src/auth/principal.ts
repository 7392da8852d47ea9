/**
 * Who is calling: anonymous, or a signed-in account (guest, user or administrator).
 * The auth plugin sets `req.principal` from the bearer token or `?token=` on every request;
 * routes read it and ask `access.ts` whether it may do what it asks.
 */
export type Principal =
  /** `authError`: the request carried a token that was refused (expired, revoked, forged). */
  | { kind: 'anonymous'; authError?: 'JWT_EXPIRED' }
  | { kind: 'account'; id: number; name: string; group: 'user' | 'guest' | 'administrator' };

export const ANONYMOUS: Principal = { kind: 'anonymous' };
/** Anonymous because the token it brought was refused: login-only answers say `jwt expired`. */
export const EXPIRED: Principal = { kind: 'anonymous', authError: 'JWT_EXPIRED' };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
}

export function userIdOf(p: Principal): number | null {
  return p.kind === 'account' ? p.id : null;
}
