/**
 * Security headers on every answer (@fastify/helmet): the content security policy the web app
 * runs under, no MIME sniffing, no framing by other sites, and no referrer sent to other sites.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Everything the web app loads comes from this server. Styles allow inline: the UI kit (MUI with
 * emotion) writes its styles into <style> tags at run time; scripts never run inline. Workers and
 * media may come from blob: URLs (archive decompression in a worker, local subtitle files).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Media and covers are fetched by players and pages on other origins (third-party clients).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // HTTPS is the proxy's business (docs/deploy.md); a plain-HTTP home server must stay reachable.
    strictTransportSecurity: false,
  });
}
