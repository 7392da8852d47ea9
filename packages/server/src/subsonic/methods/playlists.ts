/**
 * Playlists: the viewer's own (read and write, the system Liked and Marked among them) and
 * everyone else's public ones (read only). A Sasayaki playlist holds works; its Subsonic entries
 * are the songs of those works, oldest addition first. Adding a song adds its work; removing
 * an entry by index removes the work that song belongs to.
 */
import { LIMITS, SYSTEM_PLAYLIST_NAMES, type Work } from '@sasayaki/contract';
import { decide, type PlaylistTarget } from '../../access.ts';
import type { PlaylistRow } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { plainInteger } from '../../numericParams.ts';
import { type PlaylistListRow, playlistSongTotals, playlistsPage } from '../../repositories/playlists.ts';
import {
  addWorks,
  createPlaylist,
  deletePlaylist,
  editPlaylist,
  ensureSystemPlaylists,
  findPlaylist,
  playlistView,
  removeWorks,
  targetOf,
} from '../../services/playlists.ts';
import { type Call, type Method, worksPage } from '../call.ts';
import { idOf, playlistSubsonicId } from '../ids.ts';
import { workLayouts } from '../layout.ts';
import { invalid } from '../protocol.ts';
import { accountOf, workOfId } from './annotation.ts';
import { songsOf } from './browse.ts';

/** Most works whose songs one playlist answer lists. */
const PLAYLIST_WORKS_SHOWN = 500;

const SYSTEM_NAMES: Record<string, Record<string, string>> = {
  [SYSTEM_PLAYLIST_NAMES.liked]: { 'zh-cn': '喜欢', 'ja-jp': 'お気に入り', 'en-us': 'Liked' },
  [SYSTEM_PLAYLIST_NAMES.marked]: { 'zh-cn': '标记', 'ja-jp': 'マーク', 'en-us': 'Marked' },
};

const displayName = (c: Call, name: string) => SYSTEM_NAMES[name]?.[c.lang ?? 'en-us'] ?? name;

function check(c: Call, action: Parameters<typeof decide>[1], target: PlaylistTarget): void {
  const d = decide(c.viewer, action, { playlist: target });
  if (!d.ok) throw new HttpError(d.code);
}

type Row = Pick<
  PlaylistListRow,
  'id' | 'name' | 'description' | 'user_id' | 'user_name' | 'privacy' | 'created_at' | 'updated_at'
>;

async function playlistsOf(c: Call, rows: Row[]) {
  const totals = new Map(
    (
      await playlistSongTotals(
        c.ctx.db,
        rows.map((r) => r.id),
      )
    ).map((t) => [t.playlist_id, t]),
  );
  const viewerId = c.viewer.kind === 'account' ? c.viewer.id : null;
  return rows.map((r) => ({
    id: playlistSubsonicId(r.id),
    name: displayName(c, r.name),
    comment: r.description,
    owner: r.user_name,
    public: r.privacy === 2,
    readonly: r.user_id !== viewerId,
    songCount: Number(totals.get(r.id)?.songs ?? 0),
    duration: Math.round(Number(totals.get(r.id)?.seconds ?? 0)),
    created: new Date(Number(r.created_at)).toISOString(),
    changed: new Date(Number(r.updated_at)).toISOString(),
    coverArt: playlistSubsonicId(r.id),
  }));
}

/** The playlist of an id that the viewer may read (error 70 otherwise). */
async function readable(c: Call, raw: string): Promise<PlaylistRow> {
  const id = idOf(raw, 'id', ['playlist'] as const);
  const row = await findPlaylist(c.ctx.db, id.playlistId);
  check(c, 'playlist.read', targetOf(row));
  return row;
}

async function withEntries(c: Call, row: PlaylistRow) {
  const viewerId = c.viewer.kind === 'account' ? c.viewer.id : null;
  const view = await playlistView(c.ctx.db, row.id, viewerId, c.baseUrl);
  const [meta] = await playlistsOf(c, [{ ...row, user_name: view.user_name }]);
  const scope = { kind: 'playlist', playlistId: row.id, byAddition: true } as const;
  const works: Work[] = [];
  for (let page = 1; works.length < PLAYLIST_WORKS_SHOWN; page++) {
    const p = await worksPage(c, { scope, sort: 'asc', page, pageSize: LIMITS.pageSizeMax });
    works.push(...p.works);
    if (p.works.length < LIMITS.pageSizeMax) break;
  }
  const layouts = await workLayouts(
    c.ctx,
    works.map((w) => w.id),
  );
  const entry = await songsOf(
    c,
    works.map((work) => ({ work, songs: layouts.get(work.id)?.songs ?? [] })),
  );
  return { ...meta, entry, works };
}

async function songWorks(c: Call, name: string): Promise<number[]> {
  const ids = await Promise.all(c.params.all(name).map((raw) => workOfId(c, raw, name)));
  return [...new Set(ids)];
}

export const playlistMethods: Record<string, Method> = {
  getPlaylists: async (c) => {
    const userId = c.viewer.kind === 'account' ? c.viewer.id : null;
    if (userId !== null) await ensureSystemPlaylists(c.ctx.db, userId);
    const own =
      userId === null ? [] : await playlistsPage(c.ctx.db, userId, { filterBy: 'created' }, 1000, 0);
    const shared = (await playlistsPage(c.ctx.db, userId, { filterBy: 'public' }, 1000, 0)).filter(
      (r) => r.user_id !== userId,
    );
    return { playlists: { playlist: await playlistsOf(c, [...own, ...shared]) } };
  },

  getPlaylist: async (c) => {
    const row = await readable(c, c.params.need('id'));
    const { works: _works, ...playlist } = await withEntries(c, row);
    return { playlist };
  },

  createPlaylist: async (c) => {
    const userId = accountOf(c, 'make playlists');
    const works = await songWorks(c, 'songId');
    const existing = c.params.str('playlistId');
    let id: string;
    if (existing) {
      // With playlistId: the playlist's entries become these songs' works.
      const row = await findPlaylist(
        c.ctx.db,
        idOf(existing, 'playlistId', ['playlist'] as const).playlistId,
      );
      check(c, 'playlist.edit', targetOf(row));
      const current = (await withEntries(c, row)).works.map((w) => w.id);
      const gone = current.filter((w) => !works.includes(w));
      if (gone.length) await removeWorks(c.ctx.db, row.id, gone);
      if (works.length) await addWorks(c.ctx.db, row.id, works);
      id = row.id;
    } else {
      const d = decide(c.viewer, 'playlist.create');
      if (!d.ok) throw new HttpError(d.code);
      id = await createPlaylist(c.ctx.db, userId, { name: c.params.need('name') }, works);
    }
    const { works: _works, ...playlist } = await withEntries(c, await findPlaylist(c.ctx.db, id));
    return { playlist };
  },

  updatePlaylist: async (c) => {
    accountOf(c, 'change playlists');
    const row = await findPlaylist(
      c.ctx.db,
      idOf(c.params.need('playlistId'), 'playlistId', ['playlist'] as const).playlistId,
    );
    check(c, 'playlist.edit', targetOf(row));
    const name = c.params.str('name');
    const comment = c.params.str('comment');
    const isPublic = c.params.has('public') ? c.params.bool('public', false) : undefined;
    if (name !== undefined || comment !== undefined || isPublic !== undefined) {
      if (name !== undefined) check(c, 'playlist.rename', targetOf(row));
      await editPlaylist(c.ctx.db, row, {
        name,
        description: comment,
        // Public, or back to private; an unlisted playlist stays unlisted unless asked.
        privacy: isPublic === undefined ? undefined : isPublic ? 2 : row.privacy === 1 ? 1 : 0,
      });
    }
    const indexes = c.params.all('songIndexToRemove').map((raw) => {
      const i = plainInteger(raw.trim());
      if (i === null || i < 0) throw invalid('songIndexToRemove', 'must be a whole number from 0');
      return i;
    });
    if (indexes.length) {
      const { entry } = await withEntries(c, row);
      const gone = new Set<number>();
      for (const i of indexes) {
        const song = entry[i];
        if (song) gone.add(Number(song.albumId.slice(3)));
      }
      if (gone.size) await removeWorks(c.ctx.db, row.id, [...gone]);
    }
    const add = await songWorks(c, 'songIdToAdd');
    if (add.length) await addWorks(c.ctx.db, row.id, add);
    return {};
  },

  deletePlaylist: async (c) => {
    accountOf(c, 'delete playlists');
    const row = await findPlaylist(
      c.ctx.db,
      idOf(c.params.need('id'), 'id', ['playlist'] as const).playlistId,
    );
    check(c, 'playlist.delete', targetOf(row));
    await deletePlaylist(c.ctx.db, row.id);
    return {};
  },
};
