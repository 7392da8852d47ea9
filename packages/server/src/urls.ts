/** Absolute URLs in answers: the configured public URL, else the request's own origin. */
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

export function publicBase(config: Config, req: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const proto =
    (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0]?.trim() || req.protocol;
  const host = (req.headers['x-forwarded-host'] as string | undefined)?.split(',')[0]?.trim() || req.host;
  return `${proto}://${host}`;
}
