/**
 * Playlists API under /api/playlist/ (docs/product.md §7.6, docs/compatibility.md). Ids are UUID
 * strings. The further calls (edit, delete, like, list) follow the same style: POST with `{id, …}`
 * for changes, GET with query parameters for reads. services/playlists.ts loads each playlist and
 * decides who may do what (the same calls answer Subsonic's /rest).
 */
import { LIMITS, ROUTES } from '@sasayaki/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { listOptionsOf } from '../http/listOptions.ts';
import { baseOf, workIdFrom } from '../http/request.ts';
import { listWorks } from '../services/catalogue/lists.ts';
import {
  addWorks,
  createPlaylist,
  defaultMarkTarget,
  deletePlaylist,
  editPlaylist,
  listPlaylists,
  playlistFor,
  playlistView,
  removeWorks,
  setLike,
  workExistStatus,
} from '../services/playlists.ts';
import { type RouteRequest, route } from './route.ts';

export const playlistRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const workIds = (raw: (number | string)[]) => raw.map((w) => workIdFrom(w, 'works'));

  route(app, ROUTES.playlists.create, async function createOwnPlaylist(req) {
    const { works = [], ...fields } = req.body;
    const id = await createPlaylist(db, req.principal, fields, workIds(works));
    return playlistView(db, req.principal, id, baseOf(req));
  });

  route(app, ROUTES.playlists.edit, async function editPlaylistMetadata(req) {
    const { id, ...fields } = req.body;
    await editPlaylist(db, req.principal, id, fields);
    return playlistView(db, req.principal, id, baseOf(req));
  });

  route(app, ROUTES.playlists.remove, async function deleteOwnPlaylist(req) {
    await deletePlaylist(db, req.principal, req.body.id);
    return { message: 'playlist deleted' };
  });

  async function setOwnLike(req: RouteRequest<typeof ROUTES.playlists.like>, liked: boolean) {
    await setLike(db, req.principal, req.body.id, liked);
    return { message: liked ? 'playlist liked' : 'like removed' };
  }
  route(app, ROUTES.playlists.like, function likePlaylist(req) {
    return setOwnLike(req, true);
  });
  route(app, ROUTES.playlists.unlike, function unlikePlaylist(req) {
    return setOwnLike(req, false);
  });

  async function changeWorks(req: RouteRequest<typeof ROUTES.playlists.addWorks>, adding: boolean) {
    const { id, works } = req.body;
    const count = adding
      ? await addWorks(db, req.principal, id, workIds(works))
      : await removeWorks(db, req.principal, id, workIds(works));
    return { message: adding ? 'works added' : 'works removed', count };
  }
  route(app, ROUTES.playlists.addWorks, function addWorksToPlaylist(req) {
    return changeWorks(req, true);
  });
  route(app, ROUTES.playlists.removeWorks, function removeWorksFromPlaylist(req) {
    return changeWorks(req, false);
  });

  route(app, ROUTES.playlists.markTarget, async function markTargetPlaylist(req) {
    return defaultMarkTarget(db, req.principal, baseOf(req));
  });

  route(app, ROUTES.playlists.withWork, async function playlistsWithWork(req) {
    const { page = 1, pageSize = LIMITS.playlistDropdownPageSize } = req.query;
    return workExistStatus(db, req.principal, workIdFrom(req.query.workID, 'workID'), page, pageSize);
  });
  playlistReads(app);
};

/** Reading playlists: the caller's list, one playlist, its works. */
function playlistReads(app: FastifyInstance): void {
  const { db } = app.ctx;

  route(app, ROUTES.playlists.list, async function listOwnPlaylists(req) {
    const { page = 1, pageSize = LIMITS.pageSizeDefault, filterBy = 'all', q, order } = req.query;
    return listPlaylists(db, req.principal, { filterBy, text: q, order }, page, pageSize, baseOf(req));
  });

  route(app, ROUTES.playlists.one, async function playlistMetadata(req) {
    return playlistView(db, req.principal, req.query.id, baseOf(req));
  });

  route(app, ROUTES.playlists.works, async function playlistWorks(req) {
    const { id, ...rest } = req.query;
    const row = await playlistFor(db, req.principal, id, 'playlist.read');
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
