/**
 * Browsing by tags (getArtists, getArtist, getAlbum, getSong, getGenres) and by folders
 * (getIndexes, getMusicDirectory): circles hold works, works hold their folders and songs.
 */
import type { Work } from '@sasayaki/contract';
import { workCacheOf } from '../../services/catalogue/workCache.ts';
import {
  ENTITY_LIST_SCOPES,
  findEntity,
  listCircles,
  listTags,
  songCountsByTag,
} from '../../services/entities.ts';
import { workOfSong } from '../../services/tracks.ts';
import { type Call, type Method, songCountsOf, starsOf, workOrFail, worksPage } from '../call.ts';
import { albumId, circleArtistId, folderId, idOf } from '../ids.ts';
import { type LaidSong, type WorkLayout, workLayout } from '../layout.ts';
import {
  albumChildOf,
  albumOf,
  circleArtistOf,
  folderChildOf,
  songOf,
  tagName,
  vaArtistOf,
} from '../mapping.ts';
import { notFound } from '../protocol.ts';

/** Most works one artist answer lists. */
const ARTIST_ALBUMS_MAX = 1000;

/** The first letter a name is filed under: A–Z, else the first character, else '#'. */
function indexLetter(name: string): string {
  const first = name.trim().charAt(0).toUpperCase();
  if (/[A-Z]/.test(first)) return first;
  return first && !/[0-9\p{P}\p{S}]/u.test(first) ? first : '#';
}

function grouped<T extends { name: string }>(items: T[]): { name: string; artist: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = indexLetter(item.name);
    const list = groups.get(key) ?? [];
    list.push(item);
    groups.set(key, list);
  }
  return [...groups.keys()].sort().map((name) => ({ name, artist: groups.get(name) as T[] }));
}

/** Every work of an artist (a circle or a voice actor), newest release first. */
export async function worksOfArtist(c: Call, id: ReturnType<typeof idOf<'circle' | 'va'>>): Promise<Work[]> {
  const scope =
    id.kind === 'circle'
      ? ({ kind: 'entity', entity: 'circles', id: id.circleId } as const)
      : ({ kind: 'entity', entity: 'vas', id: id.vaId } as const);
  const works: Work[] = [];
  for (let page = 1; works.length < ARTIST_ALBUMS_MAX; page++) {
    const p = await worksPage(c, { scope, order: 'release', sort: 'desc', page, pageSize: 100 });
    works.push(...p.works);
    if (p.works.length < 100) break;
  }
  return works;
}

/** AlbumID3 of each work, with song counts and the viewer's stars. */
export async function albumsOf(c: Call, works: readonly Work[]) {
  const ids = works.map((w) => w.id);
  const [counts, stars] = await Promise.all([songCountsOf(c, ids), starsOf(c, ids)]);
  return works.map((w) => albumOf(w, c.lang, counts.get(w.id) ?? 0, stars.get(w.id)));
}

/** The Child of every song of these works (their layouts), in order, with stars. */
export async function songsOf(c: Call, entries: readonly { work: Work; songs: readonly LaidSong[] }[]) {
  const stars = await starsOf(
    c,
    entries.map((e) => e.work.id),
  );
  return entries.flatMap(({ work, songs }) => songs.map((s) => songOf(work, s, c.lang, stars.get(work.id))));
}

/** A song with its work and place in it; error 70 when the file is not an audio file we know. */
export async function songAt(
  c: Call,
  fileId: number,
): Promise<{ work: Work; song: LaidSong; layout: WorkLayout }> {
  const workId = await workOfSong(c.ctx.db, fileId);
  const layout = workId === undefined ? null : await workLayout(c.ctx, workId);
  const song = layout?.songs.find((s) => s.fileId === fileId);
  if (!layout || !song) throw notFound('Song');
  return { work: await workOrFail(c, layout.workId), song, layout };
}

/** The circles as artists, grouped by letter: kept with the circle list (services/entities.ts). */
function circleIndex(c: Call) {
  return workCacheOf(c.ctx.db).cached('subsonic:circle-index', ENTITY_LIST_SCOPES.circles, async () => {
    const circles = await listCircles(c.ctx.db);
    return grouped(circles.map((ci) => circleArtistOf(ci, ci.count)));
  });
}

async function albumWithSongs(c: Call, workId: number) {
  const [work, layout] = await Promise.all([workOrFail(c, workId), workLayout(c.ctx, workId)]);
  if (!layout) throw notFound('Album');
  const stars = await starsOf(c, [workId]);
  const marks = stars.get(workId);
  return {
    ...albumOf(work, c.lang, layout.songs.length, marks, layout.discTitles),
    song: layout.songs.map((s) => songOf(work, s, c.lang, marks)),
  };
}

export const browseMethods: Record<string, Method> = {
  getArtists: async (c) => ({ artists: { ignoredArticles: '', index: await circleIndex(c) } }),

  getIndexes: async (c) => {
    const index = await workCacheOf(c.ctx.db).cached(
      'subsonic:circle-indexes',
      ENTITY_LIST_SCOPES.circles,
      async () =>
        (await circleIndex(c)).map((g) => ({
          name: g.name,
          artist: g.artist.map((a) => ({ id: a.id, name: a.name, albumCount: a.albumCount })),
        })),
    );
    return { indexes: { lastModified: Date.now(), ignoredArticles: '', index } };
  },

  getArtist: async (c) => {
    const id = idOf(c.params.need('id'), 'id', ['circle', 'va'] as const);
    const entity =
      id.kind === 'circle'
        ? await findEntity(c.ctx.db, 'circles', String(id.circleId))
        : await findEntity(c.ctx.db, 'vas', id.vaId);
    if (!entity) throw notFound('Artist');
    const albums = await albumsOf(c, await worksOfArtist(c, id));
    const artist =
      id.kind === 'circle'
        ? circleArtistOf({ id: id.circleId, name: entity.name }, albums.length)
        : vaArtistOf({ id: id.vaId, name: entity.name }, albums.length);
    return { artist: { ...artist, album: albums } };
  },

  getAlbum: async (c) => {
    const id = idOf(c.params.need('id'), 'id', ['album'] as const);
    return { album: await albumWithSongs(c, id.workId) };
  },

  getSong: async (c) => {
    const id = idOf(c.params.need('id'), 'id', ['song'] as const);
    const { work, song } = await songAt(c, id.fileId);
    const [child] = await songsOf(c, [{ work, songs: [song] }]);
    return { song: child };
  },

  getGenres: async (c) => {
    const [tags, songs] = await Promise.all([listTags(c.ctx.db), songCountsByTag(c.ctx.db)]);
    return {
      genres: {
        genre: tags.map((t) => ({
          value: tagName({ name: t.name, i18n: t.i18n }, c.lang),
          songCount: songs.get(t.id) ?? 0,
          albumCount: t.count,
        })),
      },
    };
  },

  getMusicDirectory: async (c) => {
    const raw = c.params.need('id');
    const id = idOf(raw, 'id', ['circle', 'album', 'folder'] as const);
    if (id.kind === 'circle') {
      const circle = await findEntity(c.ctx.db, 'circles', String(id.circleId));
      if (!circle) throw notFound('Directory');
      const works = await worksOfArtist(c, id);
      const stars = await starsOf(
        c,
        works.map((w) => w.id),
      );
      return {
        directory: {
          id: circleArtistId(id.circleId),
          name: circle.name,
          child: works.map((w) => albumChildOf(w, c.lang, stars.get(w.id))),
        },
      };
    }
    const workId = id.workId;
    const dir = id.kind === 'folder' ? id.path : '';
    const [work, layout] = await Promise.all([workOrFail(c, workId), workLayout(c.ctx, workId)]);
    const here = layout?.folders.get(dir);
    if (!layout || !here) throw notFound('Directory');
    const marks = (await starsOf(c, [workId])).get(workId);
    const parentPath = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
    return {
      directory: {
        id: folderId(workId, dir),
        parent:
          dir === ''
            ? work.circle?.id
              ? circleArtistId(work.circle.id)
              : undefined
            : folderId(workId, parentPath),
        name: dir === '' ? work.title : dir.slice(dir.lastIndexOf('/') + 1),
        coverArt: albumId(workId),
        starred: dir === '' && marks?.starredAt ? new Date(marks.starredAt).toISOString() : undefined,
        child: [
          ...here.folders.map((f) => folderChildOf(work, f)),
          ...here.songs.map((s) => songOf(work, s, c.lang, marks)),
        ],
      },
    };
  },
};
