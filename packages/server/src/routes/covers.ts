/**
 * GET /api/cover/{id}.jpg?type=main|sam|240x240: a cached JPEG variant of the work's cover (or
 * the placeholder), from services/covers.ts, sent as a file with a strong ETag; `{id}.webp` sends
 * the same picture as WebP (the web app's choice). A variant never changes once made (a new
 * source image makes a new one, with a new ETag), so browsers keep it a week without asking again
 * (`immutable`) and revalidate with If-None-Match (304) after that.
 * The extension is optional: the kikoeru web front end asks for `/api/cover/{id}?type=240x240`.
 */
import fsp from 'node:fs/promises';
import { parseWorkIdParam, ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { fail } from '../errors.ts';
import { sendFile, weakMatch } from '../http/files.ts';
import { workNotFound } from '../services/catalogue/lists.ts';
import { type CoverFormat, type CoverVariant, coverVariant } from '../services/covers.ts';
import type { OpenedFile } from '../storage/root.ts';
import { route } from './route.ts';

const COVER_CACHE_CONTROL = 'public, max-age=604800, immutable';

/** The format the file name asks for: `.webp`, else JPEG (`.jpg`, `.jpeg` or no extension). */
const FORMAT_OF = /\.(jpe?g|webp)$/i;
const CONTENT_TYPE: Record<CoverFormat, string> = { jpeg: 'image/jpeg', webp: 'image/webp' };

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
    const ext = FORMAT_OF.exec(file)?.[1]?.toLowerCase();
    const format: CoverFormat = ext === 'webp' ? 'webp' : 'jpeg';
    const raw = ext ? file.slice(0, -ext.length - 1) : file;
    const id = parseWorkIdParam(raw);
    if (id === null) throw fail('COVER_INVALID', { file });
    const type = req.query.type ?? 'main';
    let variant = await coverVariant(app.ctx, id, type, format);
    if (!variant) throw await workNotFound(app.ctx, raw, id);
    // Revalidation costs no file access: the ETag names the variant.
    const inm = req.headers['if-none-match'];
    if (inm && weakMatch(inm, variant.etag)) {
      reply.header('etag', variant.etag).header('cache-control', COVER_CACHE_CONTROL);
      return reply.code(304).send();
    }
    let opened = await openVariant(variant);
    if (!opened) {
      variant = await coverVariant(app.ctx, id, type, format, true);
      opened = variant && (await openVariant(variant));
      if (!variant || !opened) throw await workNotFound(app.ctx, raw, id);
    }
    return sendFile(
      req,
      reply,
      opened,
      { name: `${id}-${type}.${format === 'webp' ? 'webp' : 'jpg'}`, charset: null },
      {
        disposition: 'inline',
        contentType: CONTENT_TYPE[format],
        cacheControl: COVER_CACHE_CONTROL,
        etag: variant.etag,
      },
    );
  });
};
