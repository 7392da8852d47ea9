/**
 * Media: GET/HEAD /api/media/stream/{fileId}, /api/media/download/{fileId}, their
 * `{workId}/{fileId}` forms, /api/media/stream-lq/{fileId} (ffmpeg low-quality transcode) and
 * /api/media/check-lrc/{workId}/{fileId} (the LRC file linked to a track, kikoeru's lyric lookup).
 * Files are reached only by id through services/media.ts (opened through their library root);
 * with `SASAYAKI_ACCEL` set, the front proxy sends library files (docs/deploy.md).
 */
import { CheckLrcAnswer, ErrorBody } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError, insufficientStorage, isDiskFull, notFound, unauthorized } from '../errors.ts';
import { integerParam } from '../numericParams.ts';
import { mediaFile, openMediaFile, sendFile, sendThroughProxy } from '../services/media.ts';
import { linkedLrcOf } from '../services/tracks.ts';
import { ffmpegAvailable, LOW_QUALITY, lowQualityFile } from '../services/transcode.ts';
import { viewerOf } from './works.ts';

const ID = { type: 'string', pattern: '^[0-9]{1,12}$' } as const;
const querystring = {
  type: 'object',
  properties: { token: { type: 'string', description: 'JWT, for players that cannot send headers' } },
} as const;
const mediaResponses = {
  200: { description: 'The file (Accept-Ranges: bytes)', type: 'string', format: 'binary' },
  206: { description: 'One byte range of the file', type: 'string', format: 'binary' },
  304: { description: 'Not modified (If-None-Match / If-Modified-Since)', type: 'null' },
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  416: ErrorBody,
  422: ErrorBody,
  507: ErrorBody,
};

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  const lowQuality = await ffmpegAvailable(config);

  const allow = (req: FastifyRequest) => {
    if (!config.allowAnonymousMedia && viewerOf(req).kind === 'anonymous') {
      throw unauthorized(req.authError ?? undefined);
    }
  };
  const ids = (req: FastifyRequest) => {
    const p = req.params as { id?: string; workId?: string; fileId?: string };
    return {
      fileId: integerParam(p.id ?? p.fileId, 'file id', 1),
      workId: p.workId === undefined ? undefined : integerParam(p.workId, 'work id', 1),
    };
  };
  const serve =
    (disposition: 'inline' | 'attachment') => async (req: FastifyRequest, reply: FastifyReply) => {
      allow(req);
      const { fileId, workId } = ids(req);
      const file = await mediaFile(app.ctx, fileId, workId);
      const opened = await openMediaFile(file);
      if (config.accel === 'off') return sendFile(req, reply, opened, file, { disposition });
      await opened.handle.close();
      return sendThroughProxy(reply, config, file, opened, { disposition });
    };

  for (const [kind, disposition] of [
    ['stream', 'inline'],
    ['download', 'attachment'],
  ] as const) {
    const summary =
      kind === 'stream'
        ? 'Stream a file (inline), with HEAD, Range and ETag'
        : 'Download a file (attachment with its UTF-8 name), with HEAD, Range and ETag';
    app.route({
      method: ['GET', 'HEAD'],
      url: `/api/media/${kind}/:id`,
      schema: {
        tags: ['media'],
        summary,
        params: { type: 'object', properties: { id: ID }, required: ['id'] },
        querystring,
        response: mediaResponses,
      },
      handler: serve(disposition),
    });
    app.route({
      method: ['GET', 'HEAD'],
      url: `/api/media/${kind}/:workId/:fileId`,
      schema: {
        tags: ['media'],
        summary: `${summary}; the track hash form {workId}/{fileId}`,
        params: { type: 'object', properties: { workId: ID, fileId: ID }, required: ['workId', 'fileId'] },
        querystring,
        response: mediaResponses,
      },
      handler: serve(disposition),
    });
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/media/stream-lq/:id',
    schema: {
      tags: ['media'],
      summary: `Low-quality stream of an audio file (${LOW_QUALITY.contentType}, ${LOW_QUALITY.bitrate}bps), transcoded once and cached`,
      params: { type: 'object', properties: { id: ID }, required: ['id'] },
      querystring,
      response: mediaResponses,
    },
    handler: async (req, reply) => {
      allow(req);
      if (!lowQuality) throw notFound('Low-quality streams are off: the server has no ffmpeg');
      const file = await mediaFile(app.ctx, ids(req).fileId);
      if (file.type !== 'audio') throw badRequest('Only audio files have a low-quality stream');
      const source = await openMediaFile(file);
      const out = await lowQualityFile(config, file, source)
        .catch((err: Error) => {
          if (isDiskFull(err)) throw insufficientStorage();
          req.log.warn({ err, fileId: file.id }, 'low-quality transcode failed');
          throw new HttpError(422, 'This audio file cannot be transcoded: play or download the original');
        })
        .finally(() => source.handle.close());
      const name = `${file.name.replace(/\.[^.]*$/, '')}.${LOW_QUALITY.extension}`;
      return sendFile(
        req,
        reply,
        out,
        { name, charset: null },
        {
          disposition: 'inline',
          contentType: LOW_QUALITY.contentType,
        },
      );
    },
  });

  // The kikoeru front end asks this for every track it plays, then fetches the text from
  // /api/media/stream/{hash} and hands it to its LRC parser.
  app.get(
    '/api/media/check-lrc/:workId/:fileId',
    {
      schema: {
        tags: ['media'],
        summary: 'The LRC file linked to a track: {result, message, hash}; hash is "" without one',
        params: { type: 'object', properties: { workId: ID, fileId: ID }, required: ['workId', 'fileId'] },
        querystring,
        response: { 200: CheckLrcAnswer, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req): Promise<CheckLrcAnswer> => {
      allow(req);
      const { fileId, workId } = ids(req);
      const lrc = await linkedLrcOf(app.ctx.db, workId as number, fileId);
      if (lrc === undefined) throw notFound('File not found');
      return lrc === null
        ? { result: false, message: 'No lyric file', hash: '' }
        : { result: true, message: 'Lyric file found', hash: `${workId}/${lrc}` };
    },
  );
};
