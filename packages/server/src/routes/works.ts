/** GET/POST /api/works: the browse list (docs/product.md §7.2). */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { listOptionsOf } from '../http/listOptions.ts';
import { sendJson } from '../http/reply.ts';
import { baseOf, listInput, viewerOf } from '../http/request.ts';
import { libraryWorkIds, listWorksJson } from '../services/catalogue/lists.ts';
import { route } from './route.ts';

export const worksRoutes: FastifyPluginAsync = async (app) => {
  async function listWorksAnswer(req: FastifyRequest, reply: FastifyReply) {
    const p = listOptionsOf(listInput(req));
    return sendJson(reply, await listWorksJson(app.ctx, { viewer: viewerOf(req), ...p }, baseOf(req)));
  }
  route(app, ROUTES.works.list, listWorksAnswer);
  route(app, ROUTES.works.listByPost, listWorksAnswer);
  route(app, ROUTES.works.ids, function workIdsAnswer() {
    return libraryWorkIds(app.ctx);
  });
};
