/**
 * How the web app's `<audio src>` and download links sign in without a token in the URL: the
 * sign-in answers also set the token as an HttpOnly cookie whose path is /api/media, so the
 * browser sends it only with media requests and page scripts cannot read it. SameSite=Strict
 * keeps other sites from playing media with it. Third-party clients keep using `?token=`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const MEDIA_COOKIE = 'sasayaki_media';
export const MEDIA_PATH = '/api/media';

function attributes(req: FastifyRequest, maxAgeSeconds: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `Path=${MEDIA_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

export function setMediaCookie(req: FastifyRequest, reply: FastifyReply, token: string, ttlSeconds: number) {
  reply.header('set-cookie', `${MEDIA_COOKIE}=${token}; ${attributes(req, ttlSeconds)}`);
}

export function clearMediaCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.header('set-cookie', `${MEDIA_COOKIE}=; ${attributes(req, 0)}`);
}

/** The cookie's token, read on media routes only (elsewhere a cookie would invite forged requests). */
export function mediaCookieToken(req: FastifyRequest): string | null {
  if (!req.url.startsWith(`${MEDIA_PATH}/`)) return null;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === MEDIA_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
