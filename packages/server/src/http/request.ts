/**
 * What routes read off a request beside its validated fields: who asks (`viewerOf`), the absolute
 * base of the URLs in the answer (`baseOf`), the list parameters of a GET or POST (`listInput`),
 * and work ids as clients write them (`workIdFrom`).
 *
 * The base is the public URL of the site settings, else the request's own Host header. X-Forwarded-Host
 * is never read: a client could point every URL of its answers (and of a cache in front) at
 * another site. The scheme follows X-Forwarded-Proto only from a trusted proxy.
 */
import { parseWorkIdParam } from '@sasayaki/contract';
import type { FastifyRequest } from 'fastify';
import { ANONYMOUS, type Principal } from '../auth/principal.ts';
import { fail } from '../errors.ts';
import type { ListInput } from './listOptions.ts';

export function viewerOf(req: FastifyRequest): Principal {
  return req.principal ?? ANONYMOUS;
}

// A host name, IPv4 or bracketed IPv6 address, with an optional port.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}\.)*[a-z0-9-]{0,63}|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin absolute URLs of the answer start with, e.g. `http://127.0.0.1:8888`. */
export function baseOf(req: FastifyRequest): string {
  const configured = req.server.ctx.settings.get('publicUrl');
  if (configured) return configured;
  const host = req.headers.host ?? '';
  if (!HOST.test(host)) {
    throw fail('BAD_HOST');
  }
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** The list parameters of a request: its query string, and its body when it was POSTed. */
export function listInput(req: FastifyRequest): ListInput {
  return { ...(req.query as ListInput), ...((req.body as ListInput | null | undefined) ?? {}) };
}

/**
 * A work id as clients write it (1441165, "01441165" or "RJ01441165") → the numeric id, or a 400.
 * `field` names the body or query field it came from; without one it is the `{id}` of the path.
 */
export function workIdFrom(raw: unknown, field?: string): number {
  // Numbers go through the same parser as strings, so 1e300 or 1.5 are refused like "RJ" is.
  const id = typeof raw === 'number' || typeof raw === 'string' ? parseWorkIdParam(String(raw)) : null;
  if (id !== null) return id;
  throw field === undefined
    ? fail('WORK_ID_INVALID', { id: String(raw) })
    : fail('WORK_ID_FIELD_INVALID', { field });
}

/** An account id of a console path (`/api/admin/accounts/:id/…`); an impossible one is not found. */
export function accountId(id: string): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw fail('USER_NOT_FOUND');
  return n;
}
