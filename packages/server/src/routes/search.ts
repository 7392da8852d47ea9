/**
 * GET /api/search/{keyword}, GET /api/search/?keyword= and POST /api/search/ (body keyword, for
 * keywords over 500 characters): the keyword grammar of docs/product.md §5 compiled to SQL by
 * repositories/searchSql.ts.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { listOptionsOf } from '../http/listOptions.ts';
import { sendJson } from '../http/reply.ts';
import { baseOf, listInput, viewerOf } from '../http/request.ts';
import { listWorksJson } from '../services/catalogue/lists.ts';
import { searchTermsOf } from '../services/catalogue/searchTerms.ts';
import { type RouteRequest, route } from './route.ts';

export const searchRoutes: FastifyPluginAsync = async (app) => {
  const search = async (req: FastifyRequest, reply: FastifyReply, keyword: string) => {
    const p = listOptionsOf(listInput(req));
    const terms = searchTermsOf(keyword);
    const json = await listWorksJson(app.ctx, { viewer: viewerOf(req), terms, ...p }, baseOf(req));
    return sendJson(reply, json);
  };

  route(app, ROUTES.search.byPath, function searchByPath(req, reply) {
    return search(req, reply, req.params.keyword);
  });
  route(app, ROUTES.search.byQuery, function searchByQuery(req, reply) {
    return search(req, reply, String(req.query.keyword ?? ''));
  });
  route(
    app,
    ROUTES.search.byBody,
    function searchByBody(req: RouteRequest<typeof ROUTES.search.byBody>, reply: FastifyReply) {
      return search(req, reply, String(req.body?.keyword ?? ''));
    },
  );
};
