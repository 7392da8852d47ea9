/**
 * Forwarding headers from a client that is not a trusted proxy are ignored (docs/security.md).
 * Behind a TLS proxy that is not listed in SASAYAKI_TRUST_PROXY this silently made every media
 * URL `http://` (and a downloader then saved the proxy's error pages as audio): the first such
 * request logs one warning naming the setting; later ones log nothing.
 */
import { compile } from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

const FORWARDING = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'] as const;

export function warnOnceAboutUntrustedProxy(app: FastifyInstance, trustProxy: readonly string[]): void {
  const trusted = trustProxy.length ? compile([...trustProxy]) : () => false;
  let warned = false;
  app.addHook('onRequest', (req, _reply, done) => {
    if (!warned) {
      const header = FORWARDING.find((h) => req.headers[h] !== undefined);
      const peer = req.socket.remoteAddress ?? '';
      if (header && !trusted(peer, 0)) {
        warned = true;
        req.log.warn(
          { peer, header },
          `a request from ${peer} carries ${header}, but ${peer} is not a trusted proxy: forwarding headers are ignored, so client addresses and https are not seen. If a reverse proxy is in front, list its address in SASAYAKI_TRUST_PROXY (docs/security.md).`,
        );
      }
    }
    done();
  });
}
