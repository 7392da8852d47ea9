/**
 * Lists of albums and songs, all drawn from the catalogue's works lists (services/catalogue/lists.ts
 * listWorks, its orders, filters and caches): getAlbumList2 / getAlbumList of every type,
 * getRandomSongs, getSongsByGenre, getStarred2 / getStarred, search3 / search2.
 */
import { LIMITS, parseKeyword, type SearchTerm, type Work } from '@sasayaki/contract';
import type { ListWorksOptions } from '../../services/catalogue/lists.ts';
import { randomWorkIds } from '../../services/catalogue/random.ts';
import { artistsNamed } from '../../services/entities.ts';
import { playedWorks } from '../../services/listening.ts';
import {
  type Call,
  likedPlaylistOf,
  type Method,
  songCountsOf,
  starsOf,
  worksByIds,
  worksPage,
} from '../call.ts';
import { type LaidSong, workLayouts } from '../layout.ts';
import { albumChildOf, circleArtistOf, vaArtistOf } from '../mapping.ts';
import { invalid, missing, notAuthorized } from '../protocol.ts';
import { albumsOf, songsOf } from './browse.ts';
import { rootIndexOf } from './system.ts';

type ListOpts = Omit<ListWorksOptions, 'viewer' | 'page' | 'pageSize'>;

/** Works offset…offset+size of a list, read in the catalogue's (cached) pages. */
async function worksRange(c: Call, opts: ListOpts, offset: number, size: number): Promise<Work[]> {
  if (size === 0) return [];
  // Aligned requests (offset a multiple of size, the usual paging) are one cached page.
  const pageSize = size <= LIMITS.pageSizeMax && offset % size === 0 ? size : LIMITS.pageSizeMax;
  const out: Work[] = [];
  let page = Math.floor(offset / pageSize) + 1;
  let skip = offset % pageSize;
  while (out.length < size) {
    const p = await worksPage(c, { ...opts, page, pageSize });
    out.push(...p.works.slice(skip, skip + size - out.length));
    if (p.works.length < pageSize || page >= LIMITS.pageMax) break;
    page++;
    skip = 0;
  }
  return out;
}

const genreTerm = (genre: string): SearchTerm => ({
  type: 'fullSpecial',
  namespace: 'tag',
  value: genre,
  isExclude: false,
});

/** A random seed of the catalogue's `random` order: each call a different shuffle. */
const randomSeed = () => Math.floor(Math.random() * (LIMITS.seedMax + 1));

/** `size` random works (services/catalogue/random.ts). */
async function randomWorks(c: Call, size: number, rootIndex?: number): Promise<Work[]> {
  return worksByIds(c, await randomWorkIds(c.ctx.db, size, rootIndex));
}

/** The works of an album list type (getAlbumList2 `type`), offset…offset+size. */
async function albumListWorks(c: Call, offset: number, size: number): Promise<Work[]> {
  const type = c.params.need('type');
  const rootIndex = rootIndexOf(c);
  const base: ListOpts = { rootIndex };
  switch (type) {
    case 'newest':
      return worksRange(c, { ...base, order: 'create_date', sort: 'desc' }, offset, size);
    case 'random':
      return randomWorks(c, size, rootIndex);
    case 'alphabeticalByName':
      return worksRange(c, { ...base, order: 'title', sort: 'asc' }, offset, size);
    case 'alphabeticalByArtist':
      return worksRange(c, { ...base, order: 'circle', sort: 'asc' }, offset, size);
    case 'highest':
      // The viewer's own rating; the store's rating for a visitor.
      return worksRange(c, { ...base, order: 'rating', sort: 'desc' }, offset, size);
    case 'byGenre': {
      const genre = c.params.need('genre');
      return worksRange(
        c,
        { ...base, terms: [genreTerm(genre)], order: 'release', sort: 'desc' },
        offset,
        size,
      );
    }
    case 'byYear': {
      const from = c.params.needInt('fromYear', 0, 9999);
      const to = c.params.needInt('toYear', 0, 9999);
      const releaseYears = { from: Math.min(from, to), to: Math.max(from, to) };
      const sort = from <= to ? 'asc' : 'desc';
      return worksRange(c, { ...base, releaseYears, order: 'release', sort }, offset, size);
    }
    case 'starred': {
      const liked = await likedPlaylistOf(c);
      if (!liked) return [];
      const scope = { kind: 'playlist', playlistId: liked, byAddition: true } as const;
      return worksRange(c, { ...base, scope, sort: 'desc' }, offset, size);
    }
    case 'recent':
    case 'frequent': {
      const ids = await playedWorks(c.ctx.db, c.viewer, type, offset + size);
      return worksByIds(c, ids.slice(offset));
    }
    default:
      throw invalid('type', `unknown album list type "${type.slice(0, 40)}"`);
  }
}

function sizeAndOffset(c: Call, sizeName = 'size', offsetName = 'offset', dflt = 10) {
  return { size: c.params.int(sizeName, dflt, 0, 500), offset: c.params.int(offsetName, 0, 0, 1_000_000) };
}

/**
 * Works a song list looks through beyond `offset + count` (each work has at least one song in a
 * real library; works without any must not make a request walk the whole catalogue).
 */
const SONG_SCAN_SLACK = 200;

/** Songs of these works in order, skipping `offset` songs and keeping `count`. */
async function songsRange(c: Call, opts: ListOpts, offset: number, count: number) {
  const picked: { work: Work; songs: LaidSong[] }[] = [];
  let skip = offset;
  let kept = 0;
  // Pages of the default size: the first is the page search3's albums already read (cached).
  // Bounded work per request: at most offset + count + SONG_SCAN_SLACK works are looked through.
  const pageSize = LIMITS.pageSizeDefault;
  const lastPage = Math.ceil((offset + count + SONG_SCAN_SLACK) / pageSize);
  for (let page = 1; kept < count && page <= lastPage; page++) {
    const p = await worksPage(c, { ...opts, page, pageSize });
    const counts = await songCountsOf(
      c,
      p.works.map((w) => w.id),
    );
    // Whole works before the offset are skipped by their counts, without reading their files.
    const needed: Work[] = [];
    for (const w of p.works) {
      const n = counts.get(w.id) ?? 0;
      if (skip >= n) {
        skip -= n;
        continue;
      }
      needed.push(w);
    }
    const layouts = await workLayouts(
      c.ctx,
      needed.map((w) => w.id),
    );
    for (const w of needed) {
      if (kept >= count) break;
      const songs = (layouts.get(w.id)?.songs ?? []).slice(skip, skip + count - kept);
      skip = 0;
      if (songs.length) picked.push({ work: w, songs });
      kept += songs.length;
    }
    if (p.works.length < pageSize) break;
  }
  return songsOf(c, picked);
}

/** search3's query as catalogue terms: quotes and the trailing `*` some players add are dropped. */
function queryTerms(query: string): SearchTerm[] {
  const q = query
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/\*+$/, '')
    .trim();
  return q ? parseKeyword(q).filter((t) => t.type === 'plain' || t.type === 'fullSpecial') : [];
}

const plainText = (query: string) =>
  query
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/\*+$/, '')
    .trim();

async function search(c: Call) {
  const query = c.params.str('query');
  if (query === undefined) throw missing('query');
  const terms = queryTerms(query);
  const text = plainText(query);
  const rootIndex = rootIndexOf(c);
  const artists = sizeAndOffset(c, 'artistCount', 'artistOffset', 20);
  const albums = sizeAndOffset(c, 'albumCount', 'albumOffset', 20);
  const songs = sizeAndOffset(c, 'songCount', 'songOffset', 20);
  const opts: ListOpts = { terms, rootIndex };
  // Artists: circles first, then voice actors, each by name.
  const { circles, vas } = await artistsNamed(c.ctx.db, text, artists.size + artists.offset);
  const artistList = [
    ...circles.map((ci) => circleArtistOf(ci, ci.count)),
    ...vas.map((va) => vaArtistOf(va, va.count)),
  ].slice(artists.offset, artists.offset + artists.size);
  const [albumWorks, songList] = await Promise.all([
    worksRange(c, opts, albums.offset, albums.size),
    songsRange(c, opts, songs.offset, songs.size),
  ]);
  return { artist: artistList, albums: await albumsOf(c, albumWorks), songs: songList };
}

export const listMethods: Record<string, Method> = {
  getAlbumList2: async (c) => {
    const { size, offset } = sizeAndOffset(c);
    return { albumList2: { album: await albumsOf(c, await albumListWorks(c, offset, size)) } };
  },

  getAlbumList: async (c) => {
    const { size, offset } = sizeAndOffset(c);
    const works = await albumListWorks(c, offset, size);
    const stars = await starsOf(
      c,
      works.map((w) => w.id),
    );
    return { albumList: { album: works.map((w) => albumChildOf(w, c.lang, stars.get(w.id))) } };
  },

  getRandomSongs: async (c) => {
    const size = c.params.int('size', 10, 0, 500);
    const genre = c.params.str('genre');
    const from = c.params.int('fromYear', 0, 0, 9999);
    const to = c.params.int('toYear', 9999, 0, 9999);
    const opts: ListOpts = {
      order: 'random',
      seed: randomSeed(),
      rootIndex: rootIndexOf(c),
      terms: genre ? [genreTerm(genre)] : [],
      releaseYears: c.params.has('fromYear') || c.params.has('toYear') ? { from, to } : undefined,
    };
    // One random song from each of `size` random works; without filters, from the random order's index.
    const filtered = genre || opts.releaseYears;
    const works = filtered ? await worksRange(c, opts, 0, size) : await randomWorks(c, size, opts.rootIndex);
    const layouts = await workLayouts(
      c.ctx,
      works.map((w) => w.id),
    );
    const picked = works.flatMap((work) => {
      const songs = layouts.get(work.id)?.songs ?? [];
      const song = songs[Math.floor(Math.random() * songs.length)];
      return song ? [{ work, songs: [song] }] : [];
    });
    return { randomSongs: { song: await songsOf(c, picked) } };
  },

  getSongsByGenre: async (c) => {
    const genre = c.params.need('genre');
    const { size, offset } = sizeAndOffset(c, 'count', 'offset', 10);
    const opts: ListOpts = {
      terms: [genreTerm(genre)],
      order: 'release',
      sort: 'desc',
      rootIndex: rootIndexOf(c),
    };
    return { songsByGenre: { song: await songsRange(c, opts, offset, size) } };
  },

  getStarred2: async (c) => ({ starred2: await starred(c, 'id3') }),
  getStarred: async (c) => ({ starred: await starred(c, 'folders') }),

  search3: async (c) => {
    const r = await search(c);
    return { searchResult3: { artist: r.artist, album: r.albums, song: r.songs } };
  },

  search2: async (c) => {
    const r = await search(c);
    return { searchResult2: { artist: r.artist, album: r.albums, song: r.songs } };
  },
};

/** What the viewer starred: the works of their Liked playlist, as albums and as songs. */
async function starred(c: Call, style: 'id3' | 'folders') {
  if (c.viewer.kind === 'anonymous') throw notAuthorized('Sign in to star');
  const liked = await likedPlaylistOf(c);
  if (!liked) return { artist: [], album: [], song: [] };
  const scope = { kind: 'playlist', playlistId: liked, byAddition: true } as const;
  const works = await worksRange(c, { scope, sort: 'desc' }, 0, 500);
  const layouts = await workLayouts(
    c.ctx,
    works.map((w) => w.id),
  );
  const songs = await songsOf(
    c,
    works.map((work) => ({ work, songs: layouts.get(work.id)?.songs ?? [] })),
  );
  const stars = await starsOf(
    c,
    works.map((w) => w.id),
  );
  const albums =
    style === 'id3' ? await albumsOf(c, works) : works.map((w) => albumChildOf(w, c.lang, stars.get(w.id)));
  return { artist: [], album: albums, song: songs };
}
