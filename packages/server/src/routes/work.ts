/**
 * GET /api/workInfo/{id} (public) and GET /api/work/{id} (with the caller's review fields).
 * Ids arrive as `1441165`, `01441165` or `RJ01441165`.
 */
import { parseWorkIdParam, ROUTES, workCodeOfId } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, type HttpError } from '../errors.ts';
import { getWork, sameDigitWorks } from '../services/catalogue.ts';
import { type RouteRequest, route } from './route.ts';
import { baseOf, viewerOf } from './works.ts';

/** A work id path parameter → numeric id, or 400 with the accepted forms. */
export function workIdFrom(req: FastifyRequest): number {
  const raw = (req.params as { id: string }).id;
  const id = parseWorkIdParam(raw);
  if (id === null) throw fail('WORK_ID_INVALID', { id: raw });
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
  what: 'work' | 'tracks' = 'work',
): Promise<HttpError> {
  const digits = raw.trim();
  const meant = /^\d+$/.test(digits) ? await sameDigitWorks(ctx, id) : [];
  if (meant.length === 0) return fail(what === 'work' ? 'WORK_NOT_FOUND' : 'TRACKS_NOT_FOUND');
  const hints = meant.map((w) => `${w.code} has id ${w.id}`).join('; ');
  const code = what === 'work' ? 'WORK_NOT_FOUND_OTHER_PREFIX' : 'TRACKS_NOT_FOUND_OTHER_PREFIX';
  return fail(code, { digits, code: workCodeOfId(id), hints }).withDetails({ candidates: meant });
}

export const workRoutes: FastifyPluginAsync = async (app) => {
  async function oneWork(req: RouteRequest<typeof ROUTES.work.info>) {
    const id = workIdFrom(req);
    const { withPlaylistStatus } = req.query;
    const work = await getWork(app.ctx, id, viewerOf(req), baseOf(app, req), withPlaylistStatus);
    if (work) return work;
    throw await workNotFound(app.ctx, req.params.id, id);
  }
  route(app, ROUTES.work.info, oneWork);
  route(app, ROUTES.work.withReview, oneWork);
};
