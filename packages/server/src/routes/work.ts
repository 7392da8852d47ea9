/**
 * GET /api/workInfo/{id} (public) and GET /api/work/{id} (with the caller's review fields).
 * Ids arrive as `1441165`, `01441165` or `RJ01441165`.
 */
import { ErrorBody, parseWorkIdParam, Work, workCodeOfId } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest, type HttpError, notFound } from '../errors.ts';
import { getWork, sameDigitWorks } from '../services/catalogue.ts';
import { baseOf, viewerOf } from './works.ts';

export const workIdParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 40, description: '1441165, 01441165 or RJ01441165' } },
  required: ['id'],
} as const;

/** A work id path parameter → numeric id, or 400 with the accepted forms. */
export function workIdFrom(req: FastifyRequest): number {
  const raw = (req.params as { id: string }).id;
  const id = parseWorkIdParam(raw);
  if (id === null) throw badRequest(`Work id "${raw}" is not valid: use 1441165, 01441165 or RJ01441165`);
  return id;
}

/**
 * The 404 for a work id that finds nothing. Bare digits mean an RJ code; when BJ/VJ works have
 * those digits, the message and `details.candidates` name them (docs/compatibility.md).
 */
export async function workNotFound(
  ctx: AppContext,
  raw: string,
  id: number,
  message = 'Work not found',
): Promise<HttpError> {
  const digits = raw.trim();
  const meant = /^\d+$/.test(digits) ? await sameDigitWorks(ctx, id) : [];
  if (meant.length === 0) return notFound(message);
  const hints = meant.map((w) => `${w.code} has id ${w.id}`).join('; ');
  return notFound(`${message}: ${digits} is ${workCodeOfId(id)}. ${hints}: ask for that id or code`, {
    candidates: meant,
  });
}

export const workRoutes: FastifyPluginAsync = async (app) => {
  const one = async (req: FastifyRequest) => {
    const withPlaylistStatus = (req.query as { withPlaylistStatus?: string[] }).withPlaylistStatus;
    const id = workIdFrom(req);
    const work = await getWork(app.ctx, id, viewerOf(req), baseOf(app, req), withPlaylistStatus);
    if (work) return work;
    throw await workNotFound(app.ctx, (req.params as { id: string }).id, id);
  };
  const querystring = {
    type: 'object',
    properties: {
      withPlaylistStatus: { type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 100 },
    },
  } as const;
  const response = { 200: Work, 400: ErrorBody, 404: ErrorBody };
  app.get(
    '/api/workInfo/:id',
    {
      schema: {
        tags: ['works'],
        summary: 'A work (public metadata)',
        params: workIdParams,
        querystring,
        response,
      },
    },
    one,
  );
  app.get(
    '/api/work/:id',
    {
      schema: {
        tags: ['works'],
        summary: "A work with the caller's userRating, review_text, progress, updated_at, user_name",
        params: workIdParams,
        querystring,
        response,
      },
    },
    one,
  );
};
