/**
 * What the request log keeps of a request. Query strings can carry secrets (a media URL's
 * `?token=`, a code): their values are replaced before the line is written, wherever logs go.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS = /^(token|access_token|jwt|sig|signature|code|password|verifyid|key)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return eq >= 0 && SECRET_PARAMS.test(name) ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** The `req` serializer of the logger: Fastify's usual fields with a redacted URL. */
export function requestLogView(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
