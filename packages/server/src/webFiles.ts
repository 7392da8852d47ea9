/**
 * The built web app (packages/web/dist): hashed assets under /assets/ cached for a year as
 * immutable, index.html and other top-level files revalidated (`no-cache`), client-side routes
 * answered with index.html. Text files are sent as the Brotli or gzip copy the build wrote beside
 * them (packages/web/build/precompress.ts) when the request's Accept-Encoding allows it, with
 * `Content-Encoding` and `Vary: Accept-Encoding`; otherwise as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail, sendError } from './errors.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const cacheControlOf = (file: string) =>
  file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache';

/** Registers the web app's files of `dir` and the not-found handler that serves its routes. */
export async function registerWebFiles(app: FastifyInstance, dir: string): Promise<void> {
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !fs.existsSync(path.join(dir, 'index.html'))) {
      return sendError(reply, fail('ROUTE_NOT_FOUND', { method: req.method, path: req.url.split('?')[0]! }));
    }
    // A web asset built after the server started (the static file list is read at start) is
    // served by name; a missing asset is a 404, never index.html (a module script would fail).
    const url = req.url.split('?')[0]!;
    if (url.startsWith('/assets/')) {
      const name = path.basename(url);
      if (fs.existsSync(path.join(dir, 'assets', name))) return reply.sendFile(`assets/${name}`, dir);
      return sendError(reply, fail('ROUTE_NOT_FOUND', { method: req.method, path: url }));
    }
    // Client-side routes of the single-page app all load index.html.
    return reply.type('text/html; charset=utf-8').sendFile('index.html', dir, { maxAge: 0 });
  });
  if (!fs.existsSync(dir)) return;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: { header(k: string, v: string): unknown }, file: string) {
      reply.header('cache-control', cacheControlOf(file));
    },
  });
}
