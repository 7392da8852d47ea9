/** GET /api/tracks/{id}?v=1|2: the file tree of a work (services/tracks.ts). */
import { ErrorBody, TrackNodeSchema } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { trackTree } from '../services/tracks.ts';
import { ffmpegAvailable } from '../services/transcode.ts';
import { workIdFrom, workIdParams, workNotFound } from './work.ts';
import { baseOf } from './works.ts';

export const tracksRoutes: FastifyPluginAsync = async (app) => {
  // Probed once at startup: without ffmpeg every streamLowQualityUrl is "".
  const lowQuality = await ffmpegAvailable(app.ctx.config);
  app.addSchema(TrackNodeSchema);
  app.get(
    '/api/tracks/:id',
    {
      schema: {
        tags: ['works'],
        summary: 'File tree of a work: folders with children, files with absolute media URLs',
        description:
          'v=1 and v=2 answer the same tree (v=2 clients read the same keys). Audio files carry availableLyrics: the subtitle files linked to them, confidence 1.',
        params: workIdParams,
        querystring: { type: 'object', properties: { v: { type: 'string', enum: ['1', '2'] } } },
        response: { 200: { type: 'array', items: { $ref: 'TrackNode#' } }, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const id = workIdFrom(req);
      const tree = await trackTree(app.ctx.db, id, { baseUrl: baseOf(app, req), lowQuality });
      if (!tree)
        throw await workNotFound(
          app.ctx,
          (req.params as { id: string }).id,
          id,
          'No tracks found: unknown work',
        );
      return tree;
    },
  );
};
