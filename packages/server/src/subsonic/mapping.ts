/**
 * Sasayaki's catalogue in Subsonic's words (docs/compatibility.md, "Subsonic"):
 *   album  = a work (artist = its circle; its voice actors are the OpenSubsonic `artists` and
 *            `contributors` with role "performer"; genres = its tags)
 *   song   = an audio file of the work (layout.ts numbers discs and tracks)
 *   artist = a circle, or a voice actor where one is named
 *   genre  = a tag, in the tag's name for the client's language when it sends one
 * Every field is read from the Work the catalogue serves (services/catalogue/lists.ts), never from
 * the tables again.
 */
import type { Work, WorkTag } from '@sasayaki/contract';
import { mimeOf } from '../http/files.ts';
import { albumId, circleArtistId, folderId, songId, vaArtistId } from './ids.ts';
import type { LaidSong } from './layout.ts';

/** The language of tag names: one of the Work's tag locales, or null for the canonical name. */
export type TagLang = 'en-us' | 'ja-jp' | 'zh-cn' | null;

/** From Accept-Language: the first of zh, ja, en the client prefers. */
export function tagLangOf(acceptLanguage: string | undefined): TagLang {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh-cn';
    if (tag.startsWith('ja')) return 'ja-jp';
    if (tag.startsWith('en')) return 'en-us';
  }
  return null;
}

export function tagName(tag: Pick<WorkTag, 'name' | 'i18n'>, lang: TagLang): string {
  return (lang && tag.i18n[lang]?.name) || tag.name;
}

/** Tags as genres: the ones not voted down, in the Work's order. */
const genresOf = (w: Work, lang: TagLang) =>
  w.tags.filter((t) => t.voteStatus !== 2).map((t) => ({ name: tagName(t, lang) }));

const dateParts = (date: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
};

const isoOf = (date: string) => (dateParts(date) ? `${date.slice(0, 10)}T00:00:00.000Z` : undefined);

/** What the viewer adds to an album or song: when they starred (liked) it, their rating. */
export interface ViewerMarks {
  /** Epoch ms the work was added to the viewer's Liked playlist. */
  starredAt?: number;
}

const performers = (w: Work) => w.vas.map((va) => ({ id: vaArtistId(va.id), name: va.name }));

const circleOf = (w: Work) =>
  w.circle?.id ? { id: circleArtistId(w.circle.id), name: w.circle.name } : null;

/** The fields albums and their songs share. */
function common(w: Work, lang: TagLang, marks: ViewerMarks) {
  const genres = genresOf(w, lang);
  const release = dateParts(w.release);
  const circle = circleOf(w);
  return {
    artist: circle?.name ?? '',
    artistId: circle?.id,
    year: release?.year,
    genre: genres[0]?.name,
    genres,
    coverArt: albumId(w.id),
    created: isoOf(w.create_date),
    starred: marks.starredAt ? new Date(marks.starredAt).toISOString() : undefined,
    userRating: w.userRating ?? undefined,
    musicBrainzId: '',
    explicitStatus: w.nsfw ? 'explicit' : 'clean',
  };
}

/** AlbumID3 (with OpenSubsonic fields); `songs` on getAlbum. */
export function albumOf(
  w: Work,
  lang: TagLang,
  songCount: number,
  marks: ViewerMarks = {},
  discTitles: { disc: number; title: string }[] = [],
) {
  const circle = circleOf(w);
  const release = dateParts(w.release);
  return {
    id: albumId(w.id),
    name: w.title,
    title: w.title,
    album: w.title,
    ...common(w, lang, marks),
    songCount,
    duration: Math.round(w.duration),
    isDir: true,
    sortName: w.title,
    displayArtist: circle?.name ?? '',
    artists: performers(w),
    contributors: w.vas.map((va) => ({
      role: 'performer',
      artist: { id: vaArtistId(va.id), name: va.name },
    })),
    recordLabels: circle ? [{ name: circle.name }] : [],
    releaseTypes: ['album'],
    moods: [],
    isCompilation: false,
    version: w.source_id,
    originalReleaseDate: release ?? undefined,
    releaseDate: release ?? undefined,
    discTitles,
  };
}

/** A Child (a song) of an album. */
export function songOf(w: Work, s: LaidSong, lang: TagLang, marks: ViewerMarks = {}) {
  const circle = circleOf(w);
  const name = s.path.slice(s.path.lastIndexOf('/') + 1);
  const dir = s.path.includes('/') ? s.path.slice(0, s.path.lastIndexOf('/')) : '';
  return {
    id: songId(s.fileId),
    parent: folderId(w.id, dir),
    isDir: false,
    title: s.title,
    album: w.title,
    ...common(w, lang, marks),
    track: s.track,
    discNumber: s.disc,
    size: s.size,
    contentType: mimeOf(name, null),
    suffix: s.suffix,
    duration: Math.round(s.duration),
    bitRate: s.duration > 0 ? Math.round((s.size * 8) / s.duration / 1000) : 0,
    path: s.path,
    isVideo: false,
    type: 'music',
    mediaType: 'song',
    albumId: albumId(w.id),
    sortName: s.title,
    artists: performers(w),
    displayArtist: circle?.name ?? '',
    albumArtists: circle ? [circle] : [],
    displayAlbumArtist: circle?.name ?? '',
    contributors: w.vas.map((va) => ({
      role: 'performer',
      artist: { id: vaArtistId(va.id), name: va.name },
    })),
    displayComposer: '',
    moods: [],
    bpm: 0,
    comment: '',
  };
}

/** A folder inside a work, as a directory Child (getMusicDirectory). */
export function folderChildOf(w: Work, path: string, marks: ViewerMarks = {}) {
  const parentPath = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  return {
    id: folderId(w.id, path),
    parent: folderId(w.id, parentPath),
    isDir: true,
    title: path.slice(path.lastIndexOf('/') + 1),
    album: w.title,
    artist: circleOf(w)?.name ?? '',
    coverArt: albumId(w.id),
    starred: marks.starredAt ? new Date(marks.starredAt).toISOString() : undefined,
  };
}

/** An album as a directory Child of its circle (getMusicDirectory, getAlbumList). */
export function albumChildOf(w: Work, lang: TagLang, marks: ViewerMarks = {}) {
  const c = common(w, lang, marks);
  return {
    id: albumId(w.id),
    parent: c.artistId,
    isDir: true,
    title: w.title,
    name: w.title,
    album: w.title,
    ...c,
    duration: Math.round(w.duration),
  };
}

export function circleArtistOf(c: { id: number; name: string }, albumCount: number, starredAt?: number) {
  return {
    id: circleArtistId(c.id),
    name: c.name,
    albumCount,
    coverArt: circleArtistId(c.id),
    sortName: c.name,
    roles: ['albumartist'],
    musicBrainzId: '',
    starred: starredAt ? new Date(starredAt).toISOString() : undefined,
  };
}

export function vaArtistOf(va: { id: string; name: string }, albumCount: number) {
  return {
    id: vaArtistId(va.id),
    name: va.name,
    albumCount,
    sortName: va.name,
    roles: ['performer'],
    musicBrainzId: '',
  };
}
