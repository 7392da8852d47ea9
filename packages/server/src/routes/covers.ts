/**
 * GET /api/cover/{id}.jpg?type=main|sam|240x240: a cached JPEG variant of the work's cover (or
 * the placeholder), from services/covers.ts. Variants change name when the source changes, so
 * they are cached for a week and revalidated by ETag. The extension is optional: the kikoeru web
 * front end asks for `/api/cover/{id}?type=240x240`.
 */

import path from 'node:path';
import { parseWorkIdParam, ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { paths } from '../config.ts';
import { fail } from '../errors.ts';
import { coverFile } from '../services/covers.ts';
import { sendFile } from '../services/media.ts';
import { Root } from '../storage/root.ts';
import { route } from './route.ts';
import { workNotFound } from './work.ts';

export const coversRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Root(paths.covers(app.ctx.config));
  route(app, ROUTES.media.cover, async function coverImage(req, reply) {
    const { file } = req.params;
    const raw = file.replace(/\.jpe?g$/i, '');
    const id = parseWorkIdParam(raw);
    if (id === null) throw fail('COVER_INVALID', { file });
    const type = req.query.type ?? 'main';
    const abs = await coverFile(app.ctx, id, type);
    if (!abs) throw await workNotFound(app.ctx, raw, id);
    return sendFile(
      req,
      reply,
      await cache.open(path.basename(abs)),
      { name: `${id}-${type}.jpg`, charset: null },
      {
        disposition: 'inline',
        contentType: 'image/jpeg',
        cacheControl: 'public, max-age=604800',
      },
    );
  });
};
