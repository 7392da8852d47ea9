/**
 * GET/POST /api/works: the browse list (docs/product.md §7.2). Shared request helpers of the catalogue
 * routes live here too: the viewer, the absolute base URL and the list input.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS, type Principal } from '../auth/principal.ts';
import { listWorksJson, parseListParams } from '../services/catalogue.ts';
import { publicBase } from '../urls.ts';
import { route } from './route.ts';

export function viewerOf(req: FastifyRequest): Principal {
  return req.principal ?? ANONYMOUS;
}

export function baseOf(app: FastifyInstance, req: FastifyRequest): string {
  return publicBase(app.ctx.config, req);
}

/**
 * Sends JSON the catalogue already serialised (services/catalogue.ts builds it with the
 * response schema's compiled serialiser, from cached parts): Fastify sends a buffer as is.
 */
export function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** The list parameters of a request: its query string, and its body when it was POSTed. */
export function listInput(req: FastifyRequest): Record<string, unknown> {
  return { ...(req.query as object), ...((req.body as object | undefined) ?? {}) };
}

export const worksRoutes: FastifyPluginAsync = async (app) => {
  async function listWorksAnswer(req: FastifyRequest, reply: FastifyReply) {
    const p = parseListParams(listInput(req));
    return sendJson(reply, await listWorksJson(app.ctx, { viewer: viewerOf(req), ...p }, baseOf(app, req)));
  }
  route(app, ROUTES.works.list, listWorksAnswer);
  route(app, ROUTES.works.listByPost, listWorksAnswer);
};
