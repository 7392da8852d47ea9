/**
 * Playlists: the viewer's own (read and write, the system Liked and Marked among them) and
 * everyone else's public ones (read only). A Sasayaki playlist holds works; its Subsonic entries
 * are the songs of those works, oldest addition first. Adding a song adds its work; removing
 * an entry by index removes the work that song belongs to.
 */
import { LIMITS, type Work } from '@sasayaki/contract';
import { plainInteger } from '../../numericParams.ts';
import {
  type PlayerPlaylist,
  playerPlaylist,
  playerPlaylists,
  playlistTitle,
} from '../../services/playerPlaylists.ts';
import {
  addWorks,
  createPlaylist,
  deletePlaylist,
  editPlaylist,
  playlistFor,
  removeWorks,
} from '../../services/playlists.ts';
import { type Call, type Method, worksPage } from '../call.ts';
import { idOf, playlistSubsonicId } from '../ids.ts';
import { workLayouts } from '../layout.ts';
import { invalid } from '../protocol.ts';
import { workOfId } from './annotation.ts';
import { songsOf } from './browse.ts';

/** Most works whose songs one playlist answer lists. */
const PLAYLIST_WORKS_SHOWN = 500;

function playlistOf(c: Call, r: PlayerPlaylist) {
  const viewerId = c.viewer.kind === 'account' ? c.viewer.id : null;
  return {
    id: playlistSubsonicId(r.id),
    name: playlistTitle(r.name, c.lang),
    comment: r.description,
    owner: r.user_name,
    public: r.privacy === 2,
    readonly: r.user_id !== viewerId,
    songCount: r.songs,
    duration: Math.round(r.seconds),
    created: new Date(Number(r.created_at)).toISOString(),
    changed: new Date(Number(r.updated_at)).toISOString(),
    coverArt: playlistSubsonicId(r.id),
  };
}

/** The playlist id of a parameter. */
const playlistIdOf = (c: Call, name: string) =>
  idOf(c.params.need(name), name, ['playlist'] as const).playlistId;

/** A playlist the viewer may read (error 70 otherwise), with its songs and works. */
async function withEntries(c: Call, id: string) {
  const found = await playerPlaylist(c.ctx.db, c.viewer, id);
  const scope = { kind: 'playlist', playlistId: found.id, byAddition: true } as const;
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
  return { ...playlistOf(c, found), entry, works };
}

async function songWorks(c: Call, name: string): Promise<number[]> {
  const ids = await Promise.all(c.params.all(name).map((raw) => workOfId(c, raw, name)));
  return [...new Set(ids)];
}

export const playlistMethods: Record<string, Method> = {
  getPlaylists: async (c) => {
    const playlists = await playerPlaylists(c.ctx.db, c.viewer);
    return { playlists: { playlist: playlists.map((r) => playlistOf(c, r)) } };
  },

  getPlaylist: async (c) => {
    const { works: _works, ...playlist } = await withEntries(c, playlistIdOf(c, 'id'));
    return { playlist };
  },

  createPlaylist: async (c) => {
    const works = await songWorks(c, 'songId');
    let id: string;
    if (c.params.str('playlistId')) {
      // With playlistId: the playlist's entries become these songs' works.
      id = (await playlistFor(c.ctx.db, c.viewer, playlistIdOf(c, 'playlistId'), 'playlist.edit')).id;
      const current = (await withEntries(c, id)).works.map((w) => w.id);
      const gone = current.filter((w) => !works.includes(w));
      if (gone.length) await removeWorks(c.ctx.db, c.viewer, id, gone);
      if (works.length) await addWorks(c.ctx.db, c.viewer, id, works);
    } else {
      id = await createPlaylist(c.ctx.db, c.viewer, { name: c.params.need('name') }, works);
    }
    const { works: _works, ...playlist } = await withEntries(c, id);
    return { playlist };
  },

  updatePlaylist: async (c) => {
    const id = playlistIdOf(c, 'playlistId');
    const name = c.params.str('name');
    const comment = c.params.str('comment');
    const isPublic = c.params.has('public') ? c.params.bool('public', false) : undefined;
    if (name !== undefined || comment !== undefined || isPublic !== undefined) {
      await editPlaylist(c.ctx.db, c.viewer, id, { name, description: comment, public: isPublic });
    } else {
      // No metadata to change: a player that may not change the playlist still hears so.
      await playlistFor(c.ctx.db, c.viewer, id, 'playlist.edit');
    }
    const indexes = c.params.all('songIndexToRemove').map((raw) => {
      const i = plainInteger(raw.trim());
      if (i === null || i < 0) throw invalid('songIndexToRemove', 'must be a whole number from 0');
      return i;
    });
    if (indexes.length) {
      const { entry } = await withEntries(c, id);
      const gone = new Set<number>();
      for (const i of indexes) {
        const song = entry[i];
        if (song) gone.add(Number(song.albumId.slice(3)));
      }
      if (gone.size) await removeWorks(c.ctx.db, c.viewer, id, [...gone]);
    }
    const add = await songWorks(c, 'songIdToAdd');
    if (add.length) await addWorks(c.ctx.db, c.viewer, id, add);
    return {};
  },

  deletePlaylist: async (c) => {
    await deletePlaylist(c.ctx.db, c.viewer, playlistIdOf(c, 'id'));
    return {};
  },
};
