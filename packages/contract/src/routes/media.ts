/** Media files by id (stream, download, low-quality stream, linked LRC), work archives and cover images. */
import * as Type from 'typebox/type';
import { CheckLrcAnswer, ErrorBody } from '../api.ts';
import { COVER_TYPES, LOW_QUALITY_STREAM } from '../constants.ts';
import { defineRoute, type HttpMethod } from './define.ts';
import { StringEnum } from './fields.ts';

const Id = Type.String({ pattern: '^[0-9]{1,12}$' });
const ById = Type.Object({ id: Id });
const ByHash = Type.Object({ workId: Id, fileId: Id });
const Token = Type.Object({
  token: Type.Optional(Type.String({ description: 'JWT, for players that cannot send headers' })),
});
const Binary = (description: string) => Type.String({ description, format: 'binary' });
const NotModified = Type.Null({ description: 'Not modified (If-None-Match / If-Modified-Since)' });
const fileAnswers = {
  200: Binary('The file (Accept-Ranges: bytes)'),
  206: Binary('One byte range of the file'),
  304: NotModified,
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  416: ErrorBody,
  422: ErrorBody,
  507: ErrorBody,
};
const GET_HEAD: readonly HttpMethod[] = ['GET', 'HEAD'];
const STREAM = 'Stream a file (inline), with HEAD, Range and ETag';
const DOWNLOAD = 'Download a file (attachment with its UTF-8 name), with HEAD, Range and ETag';
const HASH_FORM = '; the track hash form {workId}/{fileId}';

export const media = {
  stream: defineRoute({
    method: GET_HEAD,
    path: '/api/media/stream/:id',
    tags: ['media'],
    summary: STREAM,
    params: ById,
    querystring: Token,
    response: fileAnswers,
  }),
  streamByHash: defineRoute({
    method: GET_HEAD,
    path: '/api/media/stream/:workId/:fileId',
    tags: ['media'],
    summary: `${STREAM}${HASH_FORM}`,
    params: ByHash,
    querystring: Token,
    response: fileAnswers,
  }),
  download: defineRoute({
    method: GET_HEAD,
    path: '/api/media/download/:id',
    tags: ['media'],
    summary: DOWNLOAD,
    params: ById,
    querystring: Token,
    response: fileAnswers,
  }),
  downloadByHash: defineRoute({
    method: GET_HEAD,
    path: '/api/media/download/:workId/:fileId',
    tags: ['media'],
    summary: `${DOWNLOAD}${HASH_FORM}`,
    params: ByHash,
    querystring: Token,
    response: fileAnswers,
  }),
  downloadZip: defineRoute({
    method: GET_HEAD,
    path: '/api/media/download-zip/:workId',
    tags: ['media'],
    summary:
      'A work, or one folder of it, as a ZIP that keeps its folders (stored, UTF-8 names, ZIP64), with Content-Length',
    params: Type.Object({ workId: Id }),
    querystring: Type.Object({
      token: Token.properties.token,
      path: Type.Optional(
        Type.String({ maxLength: 4096, description: 'Folder of the work, "/"-separated; empty: every file' }),
      ),
    }),
    response: {
      200: Binary('The archive (application/zip)'),
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
      404: ErrorBody,
      507: ErrorBody,
    },
  }),
  lowQuality: defineRoute({
    method: GET_HEAD,
    path: '/api/media/stream-lq/:id',
    tags: ['media'],
    summary: `Low-quality stream of an audio file (${LOW_QUALITY_STREAM.contentType}, ${LOW_QUALITY_STREAM.bitrate}bps), transcoded once and cached`,
    params: ById,
    querystring: Token,
    response: fileAnswers,
  }),
  // The kikoeru front end asks this for every track it plays, then fetches the text from
  // /api/media/stream/{hash} and hands it to its LRC parser.
  checkLrc: defineRoute({
    method: 'GET',
    path: '/api/media/check-lrc/:workId/:fileId',
    tags: ['media'],
    summary: 'The LRC file linked to a track: {result, message, hash}; hash is "" without one',
    params: ByHash,
    querystring: Token,
    response: { 200: CheckLrcAnswer, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  }),
  cover: defineRoute({
    method: GET_HEAD,
    path: '/api/cover/:file',
    tags: ['media'],
    summary: 'Cover image of a work: JPEG as `{id}.jpg` or `{id}`, WebP as `{id}.webp`',
    params: Type.Object({
      file: Type.String({
        maxLength: 40,
        description: '1441165.jpg, RJ01441165.jpg, 1441165, RJ01441165 or 1441165.webp',
      }),
    }),
    querystring: Type.Object({
      type: Type.Optional(StringEnum(COVER_TYPES, { description: 'default main' })),
    }),
    response: {
      200: Binary('image/jpeg, or image/webp for `{id}.webp`'),
      304: Type.Null({ description: 'Not modified' }),
      400: ErrorBody,
      404: ErrorBody,
    },
  }),
};
