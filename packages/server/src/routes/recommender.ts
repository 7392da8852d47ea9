/**
 * Recommendations (docs/product.md §7.2): POST /api/recommender/popular, recommend-for-user,
 * item-neighbors and feedback. The method is in docs/recommender.md; lists answer
 * `{works, pagination}` through the catalogue's listWorks, narrowed by `keyword` (search grammar),
 * `subtitle` and `localSubtitledWorks`.
 */
import { ROUTES, type RouteBody } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import { fail } from '../errors.ts';
import { listOptionsOf } from '../http/listOptions.ts';
import { baseOf, workIdFrom } from '../http/request.ts';
import { counterStoreFor, RECOMMENDER_LIMIT, takeEach, WindowLimiter } from '../infra/limits/rateLimit.ts';
import { forListenerIds, neighbourIds, popularIds, recordFeedback, viewerOf } from '../recommender/index.ts';
import { listWorks } from '../services/catalogue/lists.ts';
import { searchTermsOf } from '../services/catalogue/searchTerms.ts';
import { findUserById } from '../services/users.ts';
import { route } from './route.ts';

type ListBody = NonNullable<RouteBody<typeof ROUTES.recommender.popular>>;

/**
 * The account whose history counts. The guest account is shared by everyone, so its listeners are
 * told apart by their own recommenderUuid only (docs/product.md §6).
 */
function listenerAccount(p: Principal): number | null {
  return p.kind === 'account' && p.group !== 'guest' ? p.id : null;
}

export const recommenderRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const store = counterStoreFor(db);
  const { perViewer, perAddress, windowMs } = RECOMMENDER_LIMIT;
  const byViewer = new WindowLimiter(store, 'rec-v', perViewer, windowMs);
  const byAddress = new WindowLimiter(store, 'rec-a', perAddress, windowMs);

  async function page(req: FastifyRequest, body: ListBody, ids: number[]) {
    const { keyword, ...rest } = body;
    const p = listOptionsOf(rest);
    return listWorks(
      app.ctx,
      {
        viewer: req.principal,
        terms: keyword ? searchTermsOf(keyword) : [],
        workIds: ids,
        keepIdOrder: true,
        page: p.page,
        pageSize: p.pageSize,
        subtitle: p.subtitle,
        localSubtitledWorks: p.localSubtitledWorks,
        withPlaylistStatus: p.withPlaylistStatus,
      },
      baseOf(req),
    );
  }

  route(app, ROUTES.recommender.popular, async function popularWorks(req) {
    return page(req, req.body ?? {}, await popularIds(db));
  });

  route(app, ROUTES.recommender.forListener, async function recommendForListener(req) {
    const { recommenderUuid, ...rest } = req.body ?? {};
    const ids = await forListenerIds(db, {
      subject: recommenderUuid || null,
      userId: listenerAccount(req.principal),
    });
    return page(req, rest, ids);
  });

  route(app, ROUTES.recommender.neighbours, async function neighbourWorks(req) {
    const { itemId, ...rest } = req.body;
    return page(req, rest, await neighbourIds(db, workIdFrom(itemId, 'itemId')));
  });

  route(app, ROUTES.recommender.event, async function recordListeningEvent(req, reply) {
    const userId = listenerAccount(req.principal);
    let subject = req.body.recommenderUuid?.trim() || null;
    if (!subject && userId !== null) subject = (await findUserById(db, userId))?.recommender_uuid ?? null;
    if (!subject) throw fail('RECOMMENDER_UUID_REQUIRED');
    const workId = workIdFrom(req.body.itemId, 'itemId');
    const r = await takeEach([
      [byAddress, req.ip],
      [byViewer, userId === null ? `s:${subject}` : `u:${userId}`],
    ]);
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter));
      throw fail('RECOMMENDER_RATE_LIMITED');
    }
    await recordFeedback(db, {
      type: req.body.type,
      subject,
      userId,
      workId,
      viewer: viewerOf(userId, req.ip),
    });
    return { message: 'feedback recorded' };
  });
};
