/**
 * GET /api/cover/{id}.jpg?type=main|sam|240x240: a cached JPEG variant of the work's cover (or
 * the placeholder), from services/covers.ts, sent as a file with a strong ETag. A variant never
 * changes once made (a new source image makes a new one, with a new ETag), so browsers keep it a
 * week without asking again (`immutable`) and revalidate with If-None-Match (304) after that.
 * The extension is optional: the kikoeru web front end asks for `/api/cover/{id}?type=240x240`.
 */
import fsp from 'node:fs/promises';
import { parseWorkIdParam, ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { fail } from '../errors.ts';
import { sendFile, weakMatch } from '../http/files.ts';
import { workNotFound } from '../services/catalogue.ts';
import { type CoverVariant, coverVariant } from '../services/covers.ts';
import type { OpenedFile } from '../storage/root.ts';
import { route } from './route.ts';

const COVER_CACHE_CONTROL = 'public, max-age=604800, immutable';

/** The variant's file, opened; null when it has gone from the cache since it was made. */
async function openVariant(variant: CoverVariant): Promise<OpenedFile | null> {
  try {
    const handle = await fsp.open(variant.file);
    return { handle, stat: await handle.stat(), abs: variant.file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export const coversRoutes: FastifyPluginAsync = async (app) => {
  route(app, ROUTES.media.cover, async function coverImage(req, reply) {
    const { file } = req.params;
    const raw = file.replace(/\.jpe?g$/i, '');
    const id = parseWorkIdParam(raw);
    if (id === null) throw fail('COVER_INVALID', { file });
    const type = req.query.type ?? 'main';
    let variant = await coverVariant(app.ctx, id, type);
    if (!variant) throw await workNotFound(app.ctx, raw, id);
    // Revalidation costs no file access: the ETag names the variant.
    const inm = req.headers['if-none-match'];
    if (inm && weakMatch(inm, variant.etag)) {
      reply.header('etag', variant.etag).header('cache-control', COVER_CACHE_CONTROL);
      return reply.code(304).send();
    }
    let opened = await openVariant(variant);
    if (!opened) {
      variant = await coverVariant(app.ctx, id, type, true);
      opened = variant && (await openVariant(variant));
      if (!variant || !opened) throw await workNotFound(app.ctx, raw, id);
    }
    return sendFile(
      req,
      reply,
      opened,
      { name: `${id}-${type}.jpg`, charset: null },
      {
        disposition: 'inline',
        contentType: 'image/jpeg',
        cacheControl: COVER_CACHE_CONTROL,
        etag: variant.etag,
      },
    );
  });
};
