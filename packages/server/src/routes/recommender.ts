/**
 * Recommendations (docs/product.md §7.2): POST /api/recommender/popular, recommend-for-user,
 * item-neighbors and feedback. The method is in docs/recommender.md; lists answer
 * `{works, pagination}` through the catalogue's listWorks, narrowed by `keyword` (search grammar),
 * `subtitle` and `localSubtitledWorks`.
 */
import { LIMITS, WorkList } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { errorResponses, messageSchema, str, workIdFrom, workIdParam } from '../auth/apiSchemas.ts';
import type { Principal } from '../auth/principal.ts';
import { badRequest } from '../errors.ts';
import {
  FEEDBACK_TYPES,
  forListenerIds,
  neighbourIds,
  popularIds,
  recordFeedback,
} from '../recommender/index.ts';
import { listWorks, parseListParams } from '../services/catalogue.ts';
import { searchTermsOf } from '../services/searchSql.ts';
import { findUserById } from '../services/users.ts';
import { publicBase } from '../urls.ts';

const listBody = {
  // Length and terms are checked by searchTermsOf (a 400 naming the limit).
  keyword: { type: 'string', description: `at most ${LIMITS.keywordMax} characters` },
  page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: LIMITS.pageSizeMax },
  subtitle: { description: '1 or true: only works with subtitles (or in localSubtitledWorks)' },
  localSubtitledWorks: {
    type: 'array',
    items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    maxItems: 100_000,
  },
  withPlaylistStatus: { type: 'array', items: str(64), maxItems: 100 },
} as const;
const uuidProp = str(64, { description: 'the browser’s recommender id (a UUID)' });

type ListBody = {
  keyword?: string;
  page?: number;
  pageSize?: number;
  subtitle?: unknown;
  localSubtitledWorks?: number[];
  withPlaylistStatus?: string[];
};

/**
 * The account whose history counts. The guest account is shared by everyone, so its listeners are
 * told apart by their own recommenderUuid only (docs/product.md §6).
 */
function listenerAccount(p: Principal): number | null {
  return p.kind === 'account' && p.group !== 'guest' ? p.id : null;
}

export const recommenderRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;

  async function page(req: FastifyRequest, body: ListBody, ids: number[]) {
    const { keyword, ...rest } = body;
    const p = parseListParams(rest as Record<string, unknown>);
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
      publicBase(config, req),
    );
  }

  app.post<{ Body: ListBody | null }>(
    '/api/recommender/popular',
    {
      schema: {
        tags: ['recommender'],
        summary: 'Popular works: recent listening feedback, ratings and playlist additions with time decay',
        body: { type: ['object', 'null'], properties: listBody },
        response: { 200: WorkList, ...errorResponses },
      },
    },
    async (req) => page(req, req.body ?? {}, await popularIds(db)),
  );

  app.post<{ Body: (ListBody & { recommenderUuid?: string }) | null }>(
    '/api/recommender/recommend-for-user',
    {
      schema: {
        tags: ['recommender'],
        summary: 'Recommendations from the history of the signed-in user or of the anonymous recommenderUuid',
        description: 'Works the listener finished (90 % milestone, progress listened/replay) are left out.',
        body: { type: ['object', 'null'], properties: { ...listBody, recommenderUuid: uuidProp } },
        response: { 200: WorkList, ...errorResponses },
      },
    },
    async (req) => {
      const body = req.body ?? {};
      const { recommenderUuid, ...rest } = body;
      const ids = await forListenerIds(db, {
        subject: recommenderUuid || null,
        userId: listenerAccount(req.principal),
      });
      return page(req, rest, ids);
    },
  );

  app.post<{ Body: ListBody & { itemId: number | string } }>(
    '/api/recommender/item-neighbors',
    {
      schema: {
        tags: ['recommender'],
        summary: 'Works like this one: shared tags, voice actors, circle, and co-listening',
        body: { type: 'object', properties: { ...listBody, itemId: workIdParam }, required: ['itemId'] },
        response: { 200: WorkList, ...errorResponses },
      },
    },
    async (req) => {
      const { itemId, ...rest } = req.body;
      return page(req, rest, await neighbourIds(db, workIdFrom(itemId, 'itemId')));
    },
  );

  app.post<{ Body: { type: string; recommenderUuid?: string; itemId: number | string } }>(
    '/api/recommender/feedback',
    {
      schema: {
        tags: ['recommender'],
        summary:
          'Store a listening event: start, play5m/15m/30m/60m, progress30/60/90, rate, mark, like, dislike',
        description:
          'The event belongs to the recommenderUuid (the signed-in user’s own one when it is left out) and, when signed in, to the user.',
        body: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: FEEDBACK_TYPES },
            recommenderUuid: uuidProp,
            itemId: workIdParam,
          },
          required: ['type', 'itemId'],
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      const userId = listenerAccount(req.principal);
      let subject = req.body.recommenderUuid?.trim() || null;
      if (!subject && userId !== null) subject = (await findUserById(db, userId))?.recommender_uuid ?? null;
      if (!subject) throw badRequest('recommenderUuid is required');
      await recordFeedback(db, {
        type: req.body.type,
        subject,
        userId,
        workId: workIdFrom(req.body.itemId, 'itemId'),
      });
      return { message: 'feedback recorded' };
    },
  );
};
