/** GET /api/tracks/{id}?v=1|2: the file tree of a work (services/tracks.ts). */
import { ROUTES, TrackNodeSchema } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { baseOf, workIdFrom } from '../http/request.ts';
import { ffmpegAvailable } from '../infra/media/transcode.ts';
import { workNotFound } from '../services/catalogue/lists.ts';
import { trackTree } from '../services/tracks.ts';
import { route } from './route.ts';

export const tracksRoutes: FastifyPluginAsync = async (app) => {
  // Probed once at startup: without ffmpeg every streamLowQualityUrl is "".
  const lowQuality = await ffmpegAvailable(app.ctx.config);
  app.addSchema(TrackNodeSchema);
  route(app, ROUTES.work.tracks, async function workTracks(req) {
    const id = workIdFrom(req.params.id);
    const tree = await trackTree(app.ctx.db, id, { baseUrl: baseOf(req), lowQuality });
    if (!tree) throw await workNotFound(app.ctx, req.params.id, id, 'tracks');
    return tree;
  });
};
