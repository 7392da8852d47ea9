/**
 * Subsonic ids are strings; ours say what they name with a prefix, so one `id` parameter
 * (getMusicDirectory, getCoverArt, star) can name any of them:
 *   al-<workId>          an album: a work
 *   tr-<fileId>          a song: an audio file
 *   ar-<circleId>        an artist: a circle
 *   va-<uuid>            an artist: a voice actor (search results and contributors)
 *   fo-<workId>-<path>   a folder inside a work (path base64url), for folder browsing
 *   pl-<playlistId>      a playlist
 */
import { plainInteger } from '../numericParams.ts';
import { ERROR, SubsonicError } from './protocol.ts';

export type SubsonicId =
  | { kind: 'album'; workId: number }
  | { kind: 'song'; fileId: number }
  | { kind: 'circle'; circleId: number }
  | { kind: 'va'; vaId: string }
  | { kind: 'folder'; workId: number; path: string }
  | { kind: 'playlist'; playlistId: string };

export const albumId = (workId: number) => `al-${workId}`;
export const songId = (fileId: number) => `tr-${fileId}`;
export const circleArtistId = (circleId: number) => `ar-${circleId}`;
export const vaArtistId = (vaId: string) => `va-${vaId}`;
export const folderId = (workId: number, path: string) =>
  path === '' ? albumId(workId) : `fo-${workId}-${Buffer.from(path, 'utf8').toString('base64url')}`;
export const playlistSubsonicId = (id: string) => `pl-${id}`;

const positive = (s: string) => {
  const n = plainInteger(s);
  return n !== null && n > 0 && n <= 2 ** 53 ? n : null;
};

/** The thing an id names, or null when it is not one of ours. */
export function parseId(raw: string): SubsonicId | null {
  const prefix = raw.slice(0, 3);
  const rest = raw.slice(3);
  switch (prefix) {
    case 'al-': {
      const workId = positive(rest);
      return workId === null ? null : { kind: 'album', workId };
    }
    case 'tr-': {
      const fileId = positive(rest);
      return fileId === null ? null : { kind: 'song', fileId };
    }
    case 'ar-': {
      const circleId = positive(rest);
      return circleId === null ? null : { kind: 'circle', circleId };
    }
    case 'va-':
      return /^[0-9a-f-]{36}$/i.test(rest) ? { kind: 'va', vaId: rest.toLowerCase() } : null;
    case 'fo-': {
      const cut = rest.indexOf('-');
      const workId = positive(rest.slice(0, cut));
      if (cut < 0 || workId === null) return null;
      const path = Buffer.from(rest.slice(cut + 1), 'base64url').toString('utf8');
      return path ? { kind: 'folder', workId, path } : null;
    }
    case 'pl-':
      return rest.length > 0 && rest.length <= 64 ? { kind: 'playlist', playlistId: rest } : null;
    default:
      return null;
  }
}

/** The id as the kinds a method accepts, or error 70: no such thing here. */
export function idOf<K extends SubsonicId['kind']>(
  raw: string,
  name: string,
  kinds: readonly K[],
): Extract<SubsonicId, { kind: K }> {
  const id = parseId(raw);
  if (!id || !(kinds as readonly string[]).includes(id.kind)) {
    throw new SubsonicError(
      ERROR.NOT_FOUND,
      `${name} "${raw.slice(0, 80)}" is not an id of ${kinds.join(' or ')}`,
    );
  }
  return id as Extract<SubsonicId, { kind: K }>;
}
