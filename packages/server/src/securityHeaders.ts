/**
 * Security headers on every answer, in two sets by what the answer is (docs/security.md).
 *
 * - **The web app's documents** (its pages, the API docs) and its **worker scripts** (a worker
 *   runs under the policy of its own script's answer): the content security policy the app runs
 *   under, no framing, no MIME sniffing, no referrer to other sites, its own browsing context
 *   group.
 * - **Everything else** (API answers, scripts, styles, covers, library files, Subsonic): a
 *   browser reads those headers only if the answer is opened on its own, so they say that such a
 *   page runs nothing, loads nothing but itself and cannot be framed (RESOURCE_POLICY), and that
 *   it is never sniffed into another type.
 *
 * The first visit of the works page makes about 27 requests: the second set's 210 bytes instead of
 * the first's 650 save about 13 KB of uncompressed HTTP/1.1 headers (`npm run bench:web`).
 *
 * Set at the request, before any handler: answers that stream from the raw response
 * (`reply.hijack()`) copy the reply's headers.
 */
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

/**
 * The policy of an answer that is not one of the app's documents. Opened in a tab, an image,
 * audio or video file shows in the browser's own viewer, which needs itself (img-src, media-src)
 * and inline styles; with `default-src 'none'` alone Chromium refused to play an audio file
 * opened from the file tree. Nothing else loads and nothing runs.
 */
export const RESOURCE_POLICY =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');

/** Both sets: third-party players and pages on other origins fetch media and covers (CORP). */
const SHARED = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'cross-origin',
};

export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': policy(CONTENT_SECURITY_POLICY),
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  // Turns off the XSS auditor of old browsers, itself a source of leaks.
  'x-xss-protection': '0',
  ...SHARED,
};

export const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': RESOURCE_POLICY,
  ...SHARED,
};

/** Answers that are not the app's documents: the API (but its docs), library files, Subsonic, assets. */
const RESOURCE_PATH = /^\/(?:api\/(?!docs(?:\/|$))|rest\/|assets\/|icons\/|manifest\.webmanifest$)/;
/** Worker scripts among the assets (Vite names them `<name>.worker-<hash>.js`), and the service worker. */
const WORKER_PATH = /^\/(?:sw\.js$|assets\/[^/]+\.worker-[\w-]+\.js$)/;

/** The set an answer to this path carries (query string included or not). */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  const path = url.split('?', 1)[0] ?? '/';
  return RESOURCE_PATH.test(path) && !WORKER_PATH.test(path) ? RESOURCE_HEADERS : DOCUMENT_HEADERS;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // No Strict-Transport-Security: HTTPS is the proxy's business (docs/deploy.md); a plain-HTTP
  // home server must stay reachable.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeadersFor(request.url));
  });
}
