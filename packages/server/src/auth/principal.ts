/**
 * Who is calling: anonymous, or a signed-in account (guest, user or administrator).
 * The auth plugin sets `req.principal` from the bearer token or `?token=` on every request;
 * routes read it and ask `access.ts` whether it may do what it asks.
 */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'account'; id: number; name: string; group: 'user' | 'guest' | 'administrator' };

export const ANONYMOUS: Principal = { kind: 'anonymous' };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
}

export function userIdOf(p: Principal): number | null {
  return p.kind === 'account' ? p.id : null;
}
