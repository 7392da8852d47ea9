/**
 * Playlists API under /api/playlist/ (docs/product.md §7.6, docs/compatibility.md). Ids are UUID
 * strings. The further calls (edit, delete, like, list) follow the same style: POST with `{id, …}`
 * for changes, GET with query parameters for reads. Every decision goes through access.ts.
 */
import { LIMITS, Playlist, WORK_ORDERS, WorkList } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Action, authorize, requireAccount } from '../access.ts';
import { errorResponses, messageSchema, str, workIdFrom, workIdParam } from '../auth/apiSchemas.ts';
import { userIdOf } from '../auth/principal.ts';
import { listWorks, parseListParams } from '../services/catalogue.ts';
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
  MAX_PLAYLIST_WORKS,
  MAX_WORKS_PER_REQUEST,
  type PlaylistFilter,
  playlistView,
  removeWorks,
  setLike,
  targetOf,
  workExistStatus,
} from '../services/playlists.ts';
import { publicBase } from '../urls.ts';

const idProp = { type: 'string', maxLength: 64, description: 'playlist id (UUID)' } as const;
const worksProp = {
  type: 'array',
  items: workIdParam,
  // The schema lets a large list through so the answer is the clear 413 of the service.
  maxItems: 20_000,
  description: `work ids or codes; duplicates ignored; at most ${MAX_WORKS_PER_REQUEST} per request and ${MAX_PLAYLIST_WORKS} per playlist (413)`,
} as const;
const metaProps = {
  name: str(1000),
  privacy: { type: 'integer', enum: [0, 1, 2], description: '0 private (default), 1 unlisted, 2 public' },
  locale: str(20),
  description: str(5000),
} as const;
const pageProps = {
  page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: LIMITS.pageSizeMax },
} as const;
const playlistList = {
  type: 'object',
  properties: {
    playlists: { type: 'array', items: Playlist },
    pagination: {
      type: 'object',
      properties: {
        currentPage: { type: 'integer' },
        pageSize: { type: 'integer' },
        totalCount: { type: 'integer' },
      },
    },
  },
  required: ['playlists', 'pagination'],
} as const;

type WorksBody = { id: string; works: (number | string)[] };

export const playlistRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;
  const base = (req: FastifyRequest) => publicBase(config, req);
  const workIds = (raw: (number | string)[]) => raw.map((w) => workIdFrom(w, 'works'));

  /** Loads the playlist and asks access.ts; unknown and forbidden-to-see both answer 404. */
  async function guarded(req: FastifyRequest, id: string, action: Action) {
    const row = await findPlaylist(db, id);
    authorize(req, action, { playlist: targetOf(row) });
    return row;
  }

  app.post<{
    Body: {
      name: string;
      privacy?: number;
      locale?: string;
      description?: string;
      works?: (number | string)[];
    };
  }>(
    '/api/playlist/create-playlist',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Create a playlist (private by default); `works` from the import box, unknown works skipped',
        description:
          'Name 1–100 characters, description ≤ 500. Names with the reserved system prefix answer 403 `cannot create or delete system playlist`; guests get 403 `guest cannot create playlist`.',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: { ...metaProps, works: worksProp },
          required: ['name'],
        },
        response: { 200: Playlist, ...errorResponses },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      authorize(req, 'playlist.create');
      const { works = [], ...fields } = req.body;
      const id = await createPlaylist(db, p.id, fields, workIds(works));
      return playlistView(db, id, p.id, base(req));
    },
  );

  app.post<{ Body: { id: string; name?: string; privacy?: number; locale?: string; description?: string } }>(
    '/api/playlist/edit-playlist-metadata',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Change name, privacy, locale or description (owner only; system playlists keep their name)',
        security: [{ bearer: [] }],
        body: { type: 'object', properties: { id: idProp, ...metaProps }, required: ['id'] },
        response: { 200: Playlist, ...errorResponses },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      const { id, ...fields } = req.body;
      const row = await guarded(req, id, 'playlist.edit');
      if (fields.name !== undefined && fields.name.trim() !== row.name) {
        authorize(req, 'playlist.rename', { playlist: targetOf(row) });
      }
      await editPlaylist(db, row, fields);
      return playlistView(db, row.id, p.id, base(req));
    },
  );

  app.post<{ Body: { id: string } }>(
    '/api/playlist/delete-playlist',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Delete a playlist (owner only; system playlists cannot be deleted)',
        security: [{ bearer: [] }],
        body: { type: 'object', properties: { id: idProp }, required: ['id'] },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      requireAccount(req);
      const row = await guarded(req, req.body.id, 'playlist.delete');
      await deletePlaylist(db, row.id);
      return { message: 'playlist deleted' };
    },
  );

  for (const [path, liked] of [
    ['like-playlist', true],
    ['remove-like-playlist', false],
  ] as const) {
    app.post<{ Body: { id: string } }>(
      `/api/playlist/${path}`,
      {
        schema: {
          tags: ['playlists'],
          summary: liked
            ? 'Like a playlist of another user (unlisted or public); `cannot like own playlist`'
            : 'Remove the like of a playlist',
          security: [{ bearer: [] }],
          body: { type: 'object', properties: { id: idProp }, required: ['id'] },
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (req) => {
        const p = requireAccount(req);
        const row = await findPlaylist(db, req.body.id);
        if (liked) authorize(req, 'playlist.like', { playlist: targetOf(row) });
        // Removing one's like stays possible after the owner made the playlist private.
        else if (!(await hasLiked(db, row.id, p.id)))
          authorize(req, 'playlist.read', { playlist: targetOf(row) });
        await setLike(db, row.id, p.id, liked);
        return { message: liked ? 'playlist liked' : 'like removed' };
      },
    );
  }

  app.get<{ Querystring: { page?: number; pageSize?: number; filterBy?: PlaylistFilter } }>(
    '/api/playlist/get-playlists',
    {
      schema: {
        tags: ['playlists'],
        summary:
          'The caller’s playlists: all (created + liked), created, liked; or public (everyone’s, no login needed)',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          properties: {
            ...pageProps,
            filterBy: { type: 'string', enum: ['all', 'created', 'liked', 'public'] },
          },
        },
        response: { 200: playlistList, ...errorResponses },
      },
    },
    async (req) => {
      const { page = 1, pageSize = LIMITS.pageSizeDefault, filterBy = 'all' } = req.query;
      // Public playlists are listed to everyone, visitors included.
      if (filterBy === 'public') {
        return listPlaylists(db, userIdOf(req.principal), filterBy, page, pageSize, base(req));
      }
      const p = requireAccount(req);
      await ensureSystemPlaylists(db, p.id);
      return listPlaylists(db, p.id, filterBy, page, pageSize, base(req));
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/api/playlist/get-playlist-metadata',
    {
      schema: {
        tags: ['playlists'],
        summary: 'One playlist: name, user_name, privacy, description, counts (private: owner only)',
        querystring: { type: 'object', properties: { id: idProp }, required: ['id'] },
        response: { 200: Playlist, ...errorResponses },
      },
    },
    async (req) => {
      const row = await guarded(req, req.query.id, 'playlist.read');
      return playlistView(db, row.id, userIdOf(req.principal), base(req));
    },
  );

  app.get<{ Querystring: Record<string, unknown> & { id: string; order?: string } }>(
    '/api/playlist/get-playlist-works',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Works of a playlist, newest addition first unless `order` is given',
        querystring: {
          type: 'object',
          properties: {
            id: idProp,
            ...pageProps,
            order: { type: 'string', enum: [...WORK_ORDERS] },
            sort: { type: 'string', enum: ['asc', 'desc'] },
            seed: { type: 'integer', minimum: 0, maximum: 99 },
            subtitle: { description: '1: only works with subtitles' },
            withPlaylistStatus: { type: 'array', items: str(64), maxItems: 100 },
          },
          required: ['id'],
        },
        response: { 200: WorkList, ...errorResponses },
      },
    },
    async (req) => {
      const { id, ...rest } = req.query;
      const row = await guarded(req, id, 'playlist.read');
      const params = parseListParams(rest);
      return listWorks(
        app.ctx,
        {
          viewer: req.principal,
          ...params,
          extend: (q) =>
            q.innerJoin('playlist_works as pw', 'pw.work_id', 'w.id').where('pw.playlist_id', '=', row.id),
          ...(rest.order ? {} : { orderBy: { column: 'pw.added_at', direction: params.sort } }),
        },
        base(req),
      );
    },
  );

  for (const [path, adding] of [
    ['add-works-to-playlist', true],
    ['remove-works-from-playlist', false],
  ] as const) {
    app.post<{ Body: WorksBody }>(
      `/api/playlist/${path}`,
      {
        schema: {
          tags: ['playlists'],
          summary: adding
            ? 'Add works to an own playlist (duplicates ignored; unknown works 404)'
            : 'Remove works from an own playlist',
          security: [{ bearer: [] }],
          body: { type: 'object', properties: { id: idProp, works: worksProp }, required: ['id', 'works'] },
          response: {
            200: {
              type: 'object',
              properties: { message: { type: 'string' }, count: { type: 'integer' } },
              required: ['message', 'count'],
            },
            ...errorResponses,
          },
        },
      },
      async (req) => {
        requireAccount(req);
        const row = await guarded(req, req.body.id, 'playlist.edit');
        const ids = workIds(req.body.works);
        const count = adding ? await addWorks(db, row.id, ids) : await removeWorks(db, row.id, ids);
        return { message: adding ? 'works added' : 'works removed', count };
      },
    );
  }

  app.get(
    '/api/playlist/get-default-mark-target-playlist',
    {
      schema: {
        tags: ['playlists'],
        summary: 'The caller’s Marked system playlist (created on first use): the quick-mark target',
        security: [{ bearer: [] }],
        response: { 200: Playlist, ...errorResponses },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      return defaultMarkTarget(db, p.id, base(req));
    },
  );

  app.get<{ Querystring: { workID: number | string; page?: number; pageSize?: number; version?: number } }>(
    '/api/playlist/get-work-exist-status-in-my-playlists',
    {
      schema: {
        tags: ['playlists'],
        summary: 'The caller’s own playlists (Marked, Liked, then newest) with whether each holds the work',
        description: 'Page size 12 by default (the card dropdown). `version` 1 and 2 answer the same shape.',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          properties: { workID: workIdParam, ...pageProps, version: { type: 'integer', enum: [1, 2] } },
          required: ['workID'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              playlists: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    name: { type: 'string' },
                    exist: { type: 'boolean' },
                    works_count: { type: 'integer' },
                    privacy: { type: 'integer' },
                    is_system: { type: 'boolean' },
                  },
                },
              },
              pagination: {
                type: 'object',
                properties: {
                  page: { type: 'integer' },
                  currentPage: { type: 'integer' },
                  pageSize: { type: 'integer' },
                  totalCount: { type: 'integer' },
                },
              },
            },
            required: ['playlists', 'pagination'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const p = requireAccount(req);
      const { page = 1, pageSize = LIMITS.playlistDropdownPageSize } = req.query;
      return workExistStatus(db, p.id, workIdFrom(req.query.workID, 'workID'), page, pageSize);
    },
  );
};
