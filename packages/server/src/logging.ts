/**
 * What the request log keeps of a request. Query strings can carry secrets (a media URL's
 * `?token=`, a code, a Subsonic player's `p`, `t` + `s` or `apiKey`): their values are replaced
 * before the line is written, wherever logs go and at every level. Headers and bodies are never
 * logged (the `req` view below has neither).
 */
import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values never reach a log line: the web API's and Subsonic's (`p`
 * password, `t` token and its salt `s`, which together sign in again when replayed, `apiKey`).
 */
const SECRET_PARAMS =
  /^(token|access_token|jwt|sig|signature|code|password|passwd|pass|verifyid|key|apikey|api_key|secret|p|t|s)$/i;
/** A value that is a password however it is named: Subsonic's hex-encoded `enc:…`. */
const SECRET_VALUE = /^enc(:|%3a)/i;

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
      if (eq < 0) return pair;
      const secret = SECRET_PARAMS.test(name) || SECRET_VALUE.test(pair.slice(eq + 1));
      return secret ? `${rawName}=[redacted]` : pair;
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
