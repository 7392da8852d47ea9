/**
 * GET/POST /api/works: the browse list (docs/product.md §7.2). Shared request helpers of the catalogue
 * routes live here too: the viewer, the absolute base URL and the list-parameter schemas.
 */
import { ErrorBody, LIMITS, WORK_ORDERS, WorkList } from '@sasayaki/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS, type Principal } from '../auth/principal.ts';
import { listWorksJson, parseListParams } from '../services/catalogue.ts';
import { publicBase } from '../urls.ts';

export function viewerOf(req: FastifyRequest): Principal {
  return req.principal ?? ANONYMOUS;
}

export function baseOf(app: FastifyInstance, req: FastifyRequest): string {
  return publicBase(app.ctx.config, req);
}

/** Query-string parameters of every works list (also accepted in POST bodies). */
export const listQueryProperties = {
  order: { type: 'string', enum: [...WORK_ORDERS], description: 'default create_date' },
  sort: { type: 'string', enum: ['asc', 'desc'], description: 'default desc' },
  page: { type: 'integer', minimum: 1, description: 'default 1' },
  pageSize: { type: 'integer', minimum: 1, maximum: LIMITS.pageSizeMax, description: 'default 20' },
  seed: { type: 'integer', minimum: 0, maximum: LIMITS.seedMax, description: 'random order seed' },
  subtitle: { description: '1 (or true): only works with subtitles; 0 (or false) default' },
  withPlaylistStatus: {
    type: 'array',
    items: { type: 'string', maxLength: 64 },
    maxItems: 100,
    description: 'playlist ids whose membership is reported in playlistStatus',
  },
} as const;

export const listBodyProperties = {
  ...listQueryProperties,
  localSubtitledWorks: {
    type: 'array',
    items: { type: 'integer', minimum: 1, maximum: 299_999_999 },
    maxItems: 10_000,
    description: 'ids the browser holds local subtitles for; count as subtitled with subtitle=1',
  },
} as const;

export const workListResponses = { 200: WorkList, 400: ErrorBody } as const;

/**
 * Sends JSON the catalogue already serialised (services/catalogue.ts builds it with the
 * response schema's compiled serialiser, from cached parts): Fastify sends a buffer as is.
 */
export function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export const worksRoutes: FastifyPluginAsync = async (app) => {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const input = { ...(req.query as object), ...((req.body as object | undefined) ?? {}) };
    const p = parseListParams(input as Record<string, unknown>);
    return sendJson(reply, await listWorksJson(app.ctx, { viewer: viewerOf(req), ...p }, baseOf(app, req)));
  };
  app.get(
    '/api/works',
    {
      schema: {
        tags: ['works'],
        summary: 'List works in an order (docs/product.md §9), paginated',
        querystring: { type: 'object', properties: listQueryProperties },
        response: workListResponses,
      },
    },
    handler,
  );
  app.post(
    '/api/works',
    {
      schema: {
        tags: ['works'],
        summary: 'List works; the body carries the list parameters and localSubtitledWorks',
        querystring: { type: 'object', properties: listQueryProperties },
        body: { type: ['object', 'null'], properties: listBodyProperties },
        response: workListResponses,
      },
    },
    handler,
  );
};
