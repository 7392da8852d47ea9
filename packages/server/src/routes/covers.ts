/**
 * GET /api/cover/{id}.jpg?type=main|sam|240x240: a cached JPEG variant of the work's cover (or
 * the placeholder), from services/covers.ts. Variants change name when the source changes, so
 * they are cached for a week and revalidated by ETag. The extension is optional: the kikoeru web
 * front end asks for `/api/cover/{id}?type=240x240`.
 */

import path from 'node:path';
import { ErrorBody, parseWorkIdParam } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { paths } from '../config.ts';
import { badRequest } from '../errors.ts';
import { COVER_TYPES, type CoverType, coverFile } from '../services/covers.ts';
import { sendFile } from '../services/media.ts';
import { Root } from '../storage/root.ts';
import { workNotFound } from './work.ts';

export const coversRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Root(paths.covers(app.ctx.config));
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/cover/:file',
    schema: {
      tags: ['media'],
      summary: 'Cover image of a work, as `{id}.jpg` or `{id}`',
      params: {
        type: 'object',
        properties: {
          file: {
            type: 'string',
            maxLength: 40,
            description: '1441165.jpg, RJ01441165.jpg, 1441165 or RJ01441165',
          },
        },
        required: ['file'],
      },
      querystring: {
        type: 'object',
        properties: { type: { type: 'string', enum: [...COVER_TYPES], description: 'default main' } },
      },
      response: {
        200: { description: 'image/jpeg', type: 'string', format: 'binary' },
        304: { description: 'Not modified', type: 'null' },
        400: ErrorBody,
        404: ErrorBody,
      },
    },
    handler: async (req, reply) => {
      const file = (req.params as { file: string }).file;
      const raw = file.replace(/\.jpe?g$/i, '');
      const id = parseWorkIdParam(raw);
      if (id === null)
        throw badRequest(`Cover "${file}" is not valid: ask for {workId}.jpg or {workId}, e.g. 1441165.jpg`);
      const type = ((req.query as { type?: CoverType }).type ?? 'main') as CoverType;
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
    },
  });
};
