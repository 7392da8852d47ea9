/**
 * Absolute URLs in answers: the configured public URL, else the request's own Host header.
 * X-Forwarded-Host is never read: a client could point every URL of its answers (and of a cache
 * in front) at another site. The scheme follows X-Forwarded-Proto only from a trusted proxy.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { fail } from './errors.ts';

// A host name, IPv4 or bracketed IPv6 address, with an optional port.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}\.)*[a-z0-9-]{0,63}|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function publicBase(config: Config, req: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const host = req.headers.host ?? '';
  if (!HOST.test(host)) {
    throw fail('BAD_HOST');
  }
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}
