/**
 * Who may read /metrics, from the request: the metrics token of the site settings in the
 * Authorization header, and where the scraper asks from. The decision is access.ts
 * `decideMetrics`; this module only reads the request's facts.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { decideMetrics } from '../access.ts';
import { fail, HttpError } from '../errors.ts';

/** Throws 401 (a token is set) or 404 (none is) unless the request may read /metrics. */
export function authorizeMetrics(req: FastifyRequest): void {
  const { settings } = req.server.ctx;
  const token = settings.get('metricsToken');
  const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const tokenOk =
    token !== '' && given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));
  const peer = req.socket.remoteAddress ?? '';
  const relayed = isRelayed(req.headers);
  // Relayed: the client the trusted proxies vouch for in X-Forwarded-For (req.ip); a relay that
  // is not trusted, or that names its client some other way, is nobody local.
  const vouched = req.headers['x-forwarded-for'] !== undefined && settings.trusts(peer, 0);
  const client = relayed ? (vouched ? req.ip : '') : peer;
  const local = client !== '' && (isLoopback(client) || settings.trusts(client, 0));
  const d = decideMetrics({ tokenSet: token !== '', tokenOk, local });
  if (d.ok) return;
  if (d.code === 'ROUTE_NOT_FOUND')
    throw fail('ROUTE_NOT_FOUND', { method: req.method, path: req.url.split('?')[0] ?? '' });
  throw new HttpError(d.code);
}

function isLoopback(addr: string): boolean {
  return addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.');
}

/**
 * Whether a proxy passed the request on: any forwarding header counts (`Forwarded`,
 * `X-Forwarded-*`, `X-Real-IP`, `Via`), since many proxy snippets send only one of them.
 */
export function isRelayed(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some(
    (h) => h === 'forwarded' || h === 'via' || h === 'x-real-ip' || h.startsWith('x-forwarded-'),
  );
}
