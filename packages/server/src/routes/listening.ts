/**
 * Listening state and bookmarks (docs/player.md, "Listening state"): thin handlers over
 * services/listening.ts and services/bookmarks.ts. Every route is the caller's own state, which
 * the services keep for any account but the shared guest (`listening.use`).
 */
import { parseTrackHash, ROUTES } from '@sasayaki/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { fail } from '../errors.ts';
import { baseOf, workIdFrom } from '../http/request.ts';
import { addBookmark, editBookmark, listBookmarks, removeBookmark } from '../services/bookmarks.ts';
import {
  clearHistory,
  continueListening,
  getListeningSettings,
  getPositions,
  getQueue,
  historyPage,
  type ListeningTarget,
  listenerOf,
  parseTracksQuery,
  recordPlays,
  saveListeningSettings,
  savePositions,
  saveQueue,
} from '../services/listening.ts';
import { route } from './route.ts';

/** Works per page of the history screen by default, and items of the "Continue listening" row. */
const HISTORY_PAGE_SIZE = 20;
const CONTINUE_DEFAULT = 12;

export const listeningRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  // sendBeacon sends a string as text/plain: in this plugin only, such a body is read as JSON
  // (then validated by the route's schema like any other body).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (err) {
      done(fail('BEACON_INVALID', { reason: (err as Error).message }), undefined);
    }
  });

  route(app, ROUTES.listening.positions, async function listPositions(req) {
    const { work_id, tracks } = req.query;
    if (work_id !== undefined)
      return { positions: await getPositions(db, req.principal, { workId: workIdFrom(work_id, 'work_id') }) };
    if (tracks !== undefined)
      return { positions: await getPositions(db, req.principal, { tracks: parseTracksQuery(tracks) }) };
    throw fail('LISTENING_TARGET_REQUIRED', { fields: 'work_id, tracks' });
  });

  route(app, ROUTES.listening.savePositions, async function putPositions(req) {
    const { positions, device, history } = req.body;
    return savePositions(db, req.principal, positions, { device, history });
  });

  route(app, ROUTES.listening.beacon, async function beacon(req, reply) {
    const { token, device, positions, queue } = req.body;
    if (token) {
      const found = await app.auth.principalOf(token, req.ip);
      req.principal = found.principal;
      req.authError = found.authError;
    }
    // Refused alike with nothing to save: a beacon of a guest or an ended session is not taken.
    listenerOf(req.principal);
    if (positions?.length) await savePositions(db, req.principal, positions, { device });
    if (queue) await saveQueue(db, req.principal, queue);
    return reply.code(204).send();
  });

  route(app, ROUTES.listening.queue, async function readQueue(req) {
    return { queue: await getQueue(db, req.principal) };
  });

  route(app, ROUTES.listening.saveQueue, async function putQueue(req) {
    return saveQueue(db, req.principal, req.body);
  });

  route(app, ROUTES.listening.history, async function readHistory(req) {
    const page = req.query.page ?? 1;
    const pageSize = req.query.pageSize ?? HISTORY_PAGE_SIZE;
    return historyPage(app.ctx, req.principal, page, pageSize, baseOf(req));
  });

  route(app, ROUTES.listening.recordHistory, async function postHistory(req) {
    return recordPlays(db, req.principal, req.body.entries);
  });

  route(app, ROUTES.listening.clearHistory, async function deleteHistory(req) {
    const { track, work_id, all } = req.query;
    const given = [track !== undefined, work_id !== undefined, all === true].filter(Boolean).length;
    if (given !== 1) throw fail('LISTENING_TARGET_REQUIRED', { fields: 'track, work_id, all=true' });
    const ref = track === undefined ? null : parseTrackHash(track);
    const target: ListeningTarget = ref
      ? { fileId: ref.fileId }
      : work_id !== undefined
        ? { workId: workIdFrom(work_id, 'work_id') }
        : 'all';
    return { removed: await clearHistory(db, req.principal, target) };
  });

  route(app, ROUTES.listening.continue, async function readContinue(req) {
    const limit = req.query.limit ?? CONTINUE_DEFAULT;
    return { items: await continueListening(app.ctx, req.principal, limit, baseOf(req)) };
  });

  route(app, ROUTES.listening.settings, async function readSettings(req) {
    return getListeningSettings(db, req.principal);
  });

  route(app, ROUTES.listening.saveSettings, async function putSettings(req) {
    return saveListeningSettings(db, req.principal, req.body);
  });
  bookmarkRoutes(app);
};

/** Bookmarks: the listener's marked moments of a work or track. */
function bookmarkRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;

  route(app, ROUTES.bookmarks.list, async function readBookmarks(req) {
    const { work_id, track } = req.query;
    if (work_id !== undefined)
      return {
        bookmarks: await listBookmarks(db, req.principal, { workId: workIdFrom(work_id, 'work_id') }),
      };
    if (track !== undefined) return { bookmarks: await listBookmarks(db, req.principal, { track }) };
    throw fail('LISTENING_TARGET_REQUIRED', { fields: 'work_id, track' });
  });

  route(app, ROUTES.bookmarks.add, async function postBookmark(req) {
    return { bookmark: await addBookmark(db, req.principal, req.body) };
  });

  route(app, ROUTES.bookmarks.edit, async function putBookmark(req) {
    return { bookmark: await editBookmark(db, req.principal, req.params.id, req.body) };
  });

  route(app, ROUTES.bookmarks.remove, async function deleteOwnBookmark(req) {
    return { removed: await removeBookmark(db, req.principal, req.params.id) };
  });
}
