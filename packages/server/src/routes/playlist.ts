/**
 * Playlists API under /api/playlist/ (docs/product.md §7.6, docs/compatibility.md). Ids are UUID
 * strings. The further calls (edit, delete, like, list) follow the same style: POST with `{id, …}`
 * for changes, GET with query parameters for reads. Every decision goes through access.ts.
 */
import { LIMITS, ROUTES } from '@sasayaki/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Action, authorize, requireAccount } from '../access.ts';
import { userIdOf } from '../auth/principal.ts';
import type { PlaylistRow } from '../db/schema.ts';
import { listOptionsOf } from '../http/listOptions.ts';
import { baseOf, workIdFrom } from '../http/request.ts';
import { listWorks } from '../services/catalogue.ts';
import {
  addWorks,
  createPlaylist,
  defaultMarkTarget,
  deletePlaylist,
  editPlaylist,
  ensureSystemPlaylists,
  findPlaylist,
  hasLiked,
  listPlaylists,
  playlistView,
  removeWorks,
  setLike,
  targetOf,
  workExistStatus,
} from '../services/playlists.ts';
import { type RouteRequest, route } from './route.ts';

export const playlistRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const workIds = (raw: (number | string)[]) => raw.map((w) => workIdFrom(w, 'works'));

  /** Loads the playlist and asks access.ts; unknown and forbidden-to-see both answer 404. */
  async function guarded(req: FastifyRequest, id: string, action: Action) {
    const row = await findPlaylist(db, id);
    authorize(req, action, { playlist: targetOf(row) });
    return row;
  }

  route(app, ROUTES.playlists.create, async function createOwnPlaylist(req) {
    const p = requireAccount(req);
    authorize(req, 'playlist.create');
    const { works = [], ...fields } = req.body;
    const id = await createPlaylist(db, p.id, fields, workIds(works));
    return playlistView(db, id, p.id, baseOf(req));
  });

  route(app, ROUTES.playlists.edit, async function editPlaylistMetadata(req) {
    const p = requireAccount(req);
    const { id, ...fields } = req.body;
    const row = await guarded(req, id, 'playlist.edit');
    if (fields.name !== undefined && fields.name.trim() !== row.name) {
      authorize(req, 'playlist.rename', { playlist: targetOf(row) });
    }
    await editPlaylist(db, row, fields);
    return playlistView(db, row.id, p.id, baseOf(req));
  });

  route(app, ROUTES.playlists.remove, async function deleteOwnPlaylist(req) {
    requireAccount(req);
    const row = await guarded(req, req.body.id, 'playlist.delete');
    await deletePlaylist(db, row.id);
    return { message: 'playlist deleted' };
  });

  async function setOwnLike(req: RouteRequest<typeof ROUTES.playlists.like>, liked: boolean) {
    const p = requireAccount(req);
    const row = await findPlaylist(db, req.body.id);
    if (liked) authorize(req, 'playlist.like', { playlist: targetOf(row) });
    // Removing one's like stays possible after the owner made the playlist private.
    else if (!(await hasLiked(db, row.id, p.id)))
      authorize(req, 'playlist.read', { playlist: targetOf(row) });
    await setLike(db, row.id, p.id, liked);
    return { message: liked ? 'playlist liked' : 'like removed' };
  }
  route(app, ROUTES.playlists.like, function likePlaylist(req) {
    return setOwnLike(req, true);
  });
  route(app, ROUTES.playlists.unlike, function unlikePlaylist(req) {
    return setOwnLike(req, false);
  });

  async function changeWorks(req: RouteRequest<typeof ROUTES.playlists.addWorks>, adding: boolean) {
    requireAccount(req);
    const row = await guarded(req, req.body.id, 'playlist.edit');
    const ids = workIds(req.body.works);
    const count = adding ? await addWorks(db, row.id, ids) : await removeWorks(db, row.id, ids);
    return { message: adding ? 'works added' : 'works removed', count };
  }
  route(app, ROUTES.playlists.addWorks, function addWorksToPlaylist(req) {
    return changeWorks(req, true);
  });
  route(app, ROUTES.playlists.removeWorks, function removeWorksFromPlaylist(req) {
    return changeWorks(req, false);
  });

  route(app, ROUTES.playlists.markTarget, async function markTargetPlaylist(req) {
    const p = requireAccount(req);
    return defaultMarkTarget(db, p.id, baseOf(req));
  });

  route(app, ROUTES.playlists.withWork, async function playlistsWithWork(req) {
    const p = requireAccount(req);
    const { page = 1, pageSize = LIMITS.playlistDropdownPageSize } = req.query;
    return workExistStatus(db, p.id, workIdFrom(req.query.workID, 'workID'), page, pageSize);
  });
  playlistReads(app, guarded);
};

/** Reading playlists: the caller's list, one playlist, its works, which of them hold a work. */
function playlistReads(
  app: FastifyInstance,
  guarded: (req: FastifyRequest, id: string, action: Action) => Promise<PlaylistRow>,
): void {
  const { db } = app.ctx;

  route(app, ROUTES.playlists.list, async function listOwnPlaylists(req) {
    const { page = 1, pageSize = LIMITS.pageSizeDefault, filterBy = 'all', q, order } = req.query;
    const listing = { filterBy, text: q, order };
    // Public playlists are listed to everyone, visitors included.
    if (filterBy === 'public') {
      return listPlaylists(db, userIdOf(req.principal), listing, page, pageSize, baseOf(req));
    }
    const p = requireAccount(req);
    await ensureSystemPlaylists(db, p.id);
    return listPlaylists(db, p.id, listing, page, pageSize, baseOf(req));
  });

  route(app, ROUTES.playlists.one, async function playlistMetadata(req) {
    const row = await guarded(req, req.query.id, 'playlist.read');
    return playlistView(db, row.id, userIdOf(req.principal), baseOf(req));
  });

  route(app, ROUTES.playlists.works, async function playlistWorks(req) {
    const { id, ...rest } = req.query;
    const row = await guarded(req, id, 'playlist.read');
    const params = listOptionsOf(rest);
    return listWorks(
      app.ctx,
      {
        viewer: req.principal,
        ...params,
        scope: { kind: 'playlist', playlistId: row.id, byAddition: !rest.order },
      },
      baseOf(req),
    );
  });
}
