/**
 * Media: GET/HEAD /api/media/stream/{fileId}, /api/media/download/{fileId}, their
 * `{workId}/{fileId}` forms, /api/media/stream-lq/{fileId} (ffmpeg low-quality transcode) and
 * /api/media/check-lrc/{workId}/{fileId} (the LRC file linked to a track, kikoeru's lyric lookup)
 * and /api/media/download-zip/{workId}?path= (a work or one of its folders as a stored ZIP).
 * Files are reached only by id through services/media.ts (opened through their library root);
 * with `SASAYAKI_ACCEL` set, the front proxy sends library files (docs/deploy.md).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../errors.ts';
import { deliverLowQuality, deliverOriginal } from '../http/delivery.ts';
import { contentDisposition } from '../http/files.ts';
import { viewerOf } from '../http/request.ts';
import { ffmpegAvailable } from '../infra/media/transcode.ts';
import { integerParam } from '../numericParams.ts';
import { mediaFile } from '../services/media.ts';
import { linkedLrcOf } from '../services/tracks.ts';
import { workZip } from '../services/workZip.ts';
import { route } from './route.ts';

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { config, settings } = app.ctx;
  const lowQuality = await ffmpegAvailable(config);

  const allow = (req: FastifyRequest) => {
    if (!settings.get('anonymousMedia') && viewerOf(req).kind === 'anonymous') {
      throw fail(req.authError ?? 'NO_TOKEN');
    }
  };
  const ids = (req: FastifyRequest) => {
    const p = req.params as { id?: string; workId?: string; fileId?: string };
    return {
      fileId: integerParam(p.id ?? p.fileId, 'file id', 1),
      workId: p.workId === undefined ? undefined : integerParam(p.workId, 'work id', 1),
    };
  };
  async function serve(req: FastifyRequest, reply: FastifyReply, disposition: 'inline' | 'attachment') {
    allow(req);
    const { fileId, workId } = ids(req);
    return deliverOriginal(app.ctx, req, reply, await mediaFile(app.ctx, fileId, workId), disposition);
  }
  function streamFile(req: FastifyRequest, reply: FastifyReply) {
    return serve(req, reply, 'inline');
  }
  function downloadFile(req: FastifyRequest, reply: FastifyReply) {
    return serve(req, reply, 'attachment');
  }
  route(app, ROUTES.media.stream, streamFile);
  route(app, ROUTES.media.streamByHash, streamFile);
  route(app, ROUTES.media.download, downloadFile);
  route(app, ROUTES.media.downloadByHash, downloadFile);

  route(app, ROUTES.media.lowQuality, async function streamLowQuality(req, reply) {
    allow(req);
    if (!lowQuality) throw fail('LOW_QUALITY_OFF');
    return deliverLowQuality(app.ctx, req, reply, await mediaFile(app.ctx, ids(req).fileId));
  });

  route(app, ROUTES.media.downloadZip, async function downloadZip(req, reply) {
    allow(req);
    const workId = integerParam(req.params.workId, 'work id', 1);
    const zip = await workZip(app.ctx, workId, req.query.path);
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', contentDisposition('attachment', zip.fileName));
    reply.header('content-length', String(zip.length));
    reply.header('cache-control', 'private, no-store');
    if (req.method === 'HEAD') return reply.send();
    // Piped straight into the socket, like single files: a client that goes away destroys the
    // pipeline, which ends the generator and closes the file it was reading.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, reply.getHeaders() as Record<string, string>);
    await pipeline(Readable.from(zip.body(), { objectMode: false }), res).catch((err: Error) => {
      if (!res.destroyed) {
        req.log.warn({ err, workId }, 'archive stream failed');
        res.destroy(err);
      }
    });
    return reply;
  });

  route(app, ROUTES.media.checkLrc, async function checkLrc(req) {
    allow(req);
    const { fileId, workId } = ids(req);
    const lrc = await linkedLrcOf(app.ctx.db, workId as number, fileId);
    if (lrc === undefined) throw fail('FILE_NOT_FOUND');
    return lrc === null
      ? { result: false, message: 'No lyric file', hash: '' }
      : { result: true, message: 'Lyric file found', hash: `${workId}/${lrc}` };
  });
};
