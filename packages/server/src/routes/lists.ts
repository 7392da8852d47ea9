/**
 * GET /api/{circles,tags,vas}/ → [{id, name, count}] (tags add their i18n names for the web
 * app's suggestions), /{id} → the entity or 404, /{id}/works → a paginated works list.
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { fail } from '../errors.ts';
import { listOptionsOf } from '../http/listOptions.ts';
import { sendJson } from '../http/reply.ts';
import { baseOf, viewerOf } from '../http/request.ts';
import { listWorksJson } from '../services/catalogue/lists.ts';
import {
  type EntityKind,
  findEntity,
  keptAnswer,
  listCircles,
  listTags,
  listVas,
} from '../services/entities.ts';
import { route } from './route.ts';

const NOT_FOUND = { circles: 'CIRCLE_NOT_FOUND', tags: 'TAG_NOT_FOUND', vas: 'VA_NOT_FOUND' } as const;

export const listsRoutes: FastifyPluginAsync = async (app) => {
  const lists: Record<EntityKind, () => Promise<unknown[]>> = {
    circles: () => listCircles(app.ctx.db),
    tags: () => listTags(app.ctx.db),
    vas: () => listVas(app.ctx.db),
  };
  for (const kind of ['circles', 'tags', 'vas'] as const) {
    const routes = ROUTES[kind];
    const entityOf = async (id: string) => {
      const entity = await findEntity(app.ctx.db, kind, id);
      if (!entity) throw fail(NOT_FOUND[kind]);
      return entity;
    };
    // Serialised once by the route's own serialiser, then sent as kept bytes until what the list
    // reads changes (services/entities.ts).
    route(app, routes.list, async function listEntities(_req, reply) {
      const body = await keptAnswer(app.ctx.db, kind, 'api', async () =>
        Buffer.from(reply.serialize(await lists[kind]()) as string),
      );
      return sendJson(reply, body) as never;
    });
    route(app, routes.one, function oneEntity(req) {
      return entityOf(req.params.id);
    });
    route(app, routes.works, async function worksOfOneEntity(req, reply) {
      const entity = await entityOf(req.params.id);
      const p = listOptionsOf(req.query);
      // The finished page as cached (services/catalogue/lists.ts), as the works and search lists send it.
      const scope = { kind: 'entity', entity: kind, id: entity.id } as const;
      return sendJson(
        reply,
        await listWorksJson(app.ctx, { viewer: viewerOf(req), ...p, scope }, baseOf(req)),
      );
    });
  }
};
