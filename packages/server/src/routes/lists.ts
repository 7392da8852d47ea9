/**
 * GET /api/{circles,tags,vas}/ → [{id, name, count}] (tags add their i18n names for the web
 * app's suggestions), /{id} → the entity or 404, /{id}/works → a paginated works list.
 */
import { ErrorBody } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { listWorks, parseListParams } from '../services/catalogue.ts';
import {
  type EntityKind,
  findEntity,
  listCircles,
  listTags,
  listVas,
  worksOfEntity,
} from '../services/entities.ts';
import { baseOf, listQueryProperties, viewerOf, workListResponses } from './works.ts';

const LABEL: Record<EntityKind, string> = { circles: 'Circle', tags: 'Tag', vas: 'Voice actor' };

const itemSchema = {
  type: 'object',
  properties: {
    id: { type: ['integer', 'string'] },
    name: { type: 'string' },
    count: { type: 'integer' },
    source_id: { type: 'string' },
    i18n: { type: 'object', additionalProperties: true },
  },
  required: ['id', 'name', 'count'],
} as const;

export const listsRoutes: FastifyPluginAsync = async (app) => {
  const lists: Record<EntityKind, () => Promise<unknown[]>> = {
    circles: () => listCircles(app.ctx.db),
    tags: () => listTags(app.ctx.db),
    vas: () => listVas(app.ctx.db),
  };
  for (const kind of ['circles', 'tags', 'vas'] as const) {
    const params = {
      type: 'object',
      properties: { id: { type: 'string', maxLength: 64 } },
      required: ['id'],
    } as const;
    const entityOf = async (req: FastifyRequest) => {
      const id = (req.params as { id: string }).id;
      const entity = await findEntity(app.ctx.db, kind, id);
      if (!entity) throw notFound(`${LABEL[kind]} not found`);
      return entity;
    };
    for (const url of [`/api/${kind}/`, `/api/${kind}`]) {
      app.get(
        url,
        {
          schema: {
            tags: ['entities'],
            summary: `${LABEL[kind]}s with their number of works`,
            response: { 200: { type: 'array', items: itemSchema } },
          },
        },
        () => lists[kind](),
      );
    }
    app.get(
      `/api/${kind}/:id`,
      {
        schema: {
          tags: ['entities'],
          summary: `One ${LABEL[kind].toLowerCase()} by id`,
          params,
          response: {
            200: { type: 'object', properties: itemSchema.properties, additionalProperties: true },
            404: ErrorBody,
          },
        },
      },
      entityOf,
    );
    app.get(
      `/api/${kind}/:id/works`,
      {
        schema: {
          tags: ['entities'],
          summary: `Works of one ${LABEL[kind].toLowerCase()}, paginated`,
          params,
          querystring: { type: 'object', properties: listQueryProperties },
          response: { ...workListResponses, 404: ErrorBody },
        },
      },
      async (req) => {
        const entity = await entityOf(req);
        const p = parseListParams(req.query as Record<string, unknown>);
        const cond = worksOfEntity(kind, entity.id);
        return listWorks(
          app.ctx,
          { viewer: viewerOf(req), ...p, extend: (q) => q.where(cond) },
          baseOf(app, req),
        );
      },
    );
  }
};
