/**
 * Playlists (docs/product.md §7.6, docs/compatibility.md): CRUD, likes, works, the two system playlists (Liked and
 * Marked, created lazily on first use) and the per-work membership of the caller's playlists.
 * Every call takes the viewer: the playlist is loaded here and access.ts decides (`playlistFor`),
 * so /api and /rest cannot differ. Privacy: 0 private (owner only), 1 unlisted (anyone with the
 * id), 2 public (also listed). What players (Subsonic) read is in playerPlaylists.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  PLAYLIST_PRIVACY,
  type Playlist,
  SYSTEM_PLAYLIST_NAMES,
  SYSTEM_PLAYLIST_PREFIX,
} from '@sasayaki/contract';
import type { Transaction } from 'kysely';
import { type Action, type PlaylistTarget, requireAccess, requireAccount } from '../access.ts';
import { type Principal, userIdOf } from '../auth/principal.ts';
import { CHUNK, chunked } from '../chunked.ts';
import type { Db } from '../db/connect.ts';
import type { Database, PlaylistRow } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { playlistOf } from '../mappers/playlist.ts';
import { coverUrls } from '../mappers/work.ts';
import {
  countOwnPlaylists,
  countPlaylists,
  countPlaylistWorks,
  deleteLike,
  deletePlaylistRows,
  deletePlaylistWorks,
  findPlaylistRow,
  insertLike,
  insertPlaylist,
  insertPlaylistWorks,
  insertSystemPlaylist,
  knownWorkIds,
  latestWorksOf,
  likeExists,
  lockPlaylistRow,
  ownPlaylistsWithWork,
  type PlaylistFilter,
  type PlaylistListing,
  playlistListRow,
  playlistsPage,
  systemKindsOf,
  systemPlaylistId,
  touchPlaylist,
  updatePlaylist,
  worksInPlaylist,
} from '../repositories/playlists.ts';
import { workExists } from '../repositories/works.ts';
import { isOwnName } from './systemPlaylistTitles.ts';

/** Works one request may add (the import box of the create dialog included). */
export const MAX_WORKS_PER_REQUEST = LIMITS.playlistWorksPerRequest;
/** Works one playlist may hold. */
export const MAX_PLAYLIST_WORKS = LIMITS.playlistWorks;

export type SystemKind = keyof typeof SYSTEM_PLAYLIST_NAMES;
const SYSTEM_KINDS = Object.keys(SYSTEM_PLAYLIST_NAMES) as SystemKind[];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function targetOf(row: Pick<PlaylistRow, 'user_id' | 'privacy' | 'system_kind'>): PlaylistTarget {
  return { userId: row.user_id, privacy: row.privacy, systemKind: row.system_kind };
}

/** The playlist row, or 404 for unknown or malformed ids (both mean "no such playlist"). */
async function findPlaylist(db: Db, id: string): Promise<PlaylistRow> {
  if (!UUID_RE.test(id)) throw fail('PLAYLIST_NOT_FOUND');
  const row = await findPlaylistRow(db, id.toLowerCase());
  if (!row) throw fail('PLAYLIST_NOT_FOUND');
  return row;
}

/**
 * The playlist `id` if the viewer may do `action` to it; the refusal of access.ts otherwise.
 * Unknown ids and playlists the viewer may not see both answer 404 (PLAYLIST_NOT_FOUND).
 */
export async function playlistFor(
  db: Db,
  viewer: Principal,
  id: string,
  action: Action,
): Promise<PlaylistRow> {
  const row = await findPlaylist(db, id);
  requireAccess(viewer, action, { playlist: targetOf(row) });
  return row;
}

/** Creates the Liked and Marked playlists of a user if missing; safe when called concurrently. */
export async function ensureSystemPlaylists(db: Db, userId: number): Promise<void> {
  const have = await systemKindsOf(db, userId);
  for (const kind of SYSTEM_KINDS) {
    if (have.includes(kind)) continue;
    const now = Date.now();
    // Another request may create it first: the unique (user_id, system_kind) index keeps one.
    await insertSystemPlaylist(db, {
      id: randomUUID(),
      user_id: userId,
      name: SYSTEM_PLAYLIST_NAMES[kind],
      privacy: PLAYLIST_PRIVACY.private,
      system_kind: kind,
      created_at: now,
      updated_at: now,
    });
  }
}

export interface PlaylistFields {
  name?: string;
  privacy?: number;
  locale?: string;
  description?: string;
}

function checkFields(f: PlaylistFields): PlaylistFields {
  const out: PlaylistFields = {};
  if (f.name !== undefined) {
    const name = f.name.trim();
    if (!name) throw fail('PLAYLIST_NAME_REQUIRED');
    if (name.length > LIMITS.playlistName) throw fail('PLAYLIST_NAME_TOO_LONG', { max: LIMITS.playlistName });
    if (name.startsWith(SYSTEM_PLAYLIST_PREFIX)) throw fail('SYSTEM_PLAYLIST');
    out.name = name;
  }
  if (f.privacy !== undefined) {
    if (![0, 1, 2].includes(f.privacy)) throw fail('PLAYLIST_PRIVACY_INVALID');
    out.privacy = f.privacy;
  }
  if (f.description !== undefined) {
    if (f.description.length > LIMITS.playlistDescription)
      throw fail('PLAYLIST_DESCRIPTION_TOO_LONG', { max: LIMITS.playlistDescription });
    out.description = f.description;
  }
  if (f.locale !== undefined) out.locale = f.locale.slice(0, 20);
  return out;
}

function checkWorkCount(ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_WORKS_PER_REQUEST)
    throw fail('PLAYLIST_REQUEST_TOO_LARGE', { max: MAX_WORKS_PER_REQUEST });
  return unique;
}

/**
 * Inserts works not yet in the playlist (duplicates ignored), keeping the size limit. Ids of
 * works not in the library are refused (`strict`) or skipped (the free-text import box).
 */
async function insertWorks(
  tx: Transaction<Database>,
  dialect: Db['dialect'],
  playlistId: string,
  ids: number[],
  strict: boolean,
): Promise<number> {
  if (!ids.length) return 0;
  await lockPlaylistRow(tx, dialect, playlistId);
  const known = new Set(await chunked(ids, CHUNK, (chunk) => knownWorkIds(tx, chunk)));
  const unknown = ids.filter((id) => !known.has(id));
  if (strict && unknown.length)
    throw fail('PLAYLIST_WORKS_NOT_FOUND', { ids: unknown.slice(0, 10).join(', ') });
  const present = new Set(await chunked(ids, CHUNK, (chunk) => worksInPlaylist(tx, playlistId, chunk)));
  const fresh = ids.filter((id) => known.has(id) && !present.has(id));
  if ((await countPlaylistWorks(tx, playlistId)) + fresh.length > MAX_PLAYLIST_WORKS)
    throw fail('PLAYLIST_FULL', { max: MAX_PLAYLIST_WORKS });
  // Later works of the request get later timestamps so "newest first" keeps the request order.
  const now = Date.now();
  const rows = fresh.map((work_id, i) => ({ playlist_id: playlistId, work_id, added_at: now + i }));
  await chunked(rows, CHUNK, (chunk) => insertPlaylistWorks(tx, chunk));
  return fresh.length;
}

/** A new playlist of the viewer's (not the shared guest's) with these works; its id. */
export async function createPlaylist(
  db: Db,
  viewer: Principal,
  fields: PlaylistFields & { name: string },
  works: number[] = [],
): Promise<string> {
  const userId = requireAccount(viewer).id;
  requireAccess(viewer, 'playlist.create');
  const f = checkFields(fields);
  const ids = checkWorkCount(works);
  const id = randomUUID();
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    await insertPlaylist(tx, {
      id,
      user_id: userId,
      name: f.name ?? '',
      privacy: f.privacy ?? PLAYLIST_PRIVACY.private,
      locale: f.locale ?? '',
      description: f.description ?? '',
      system_kind: null,
      created_at: now,
      updated_at: now,
    });
    await insertWorks(tx, db.dialect, id, ids, false);
  });
  return id;
}

/** The privacy a player's `public` flag asks for: public, or back to private; unlisted stays unlisted. */
export function privacyOfPublicFlag(current: number, isPublic: boolean): number {
  if (isPublic) return PLAYLIST_PRIVACY.public;
  return current === PLAYLIST_PRIVACY.unlisted ? PLAYLIST_PRIVACY.unlisted : PLAYLIST_PRIVACY.private;
}

export interface PlaylistEdit extends PlaylistFields {
  /** A player's public flag instead of `privacy` (privacyOfPublicFlag). */
  public?: boolean;
}

/**
 * Changes metadata. A name that is the current one once trimmed, or the title a system playlist
 * is shown under (a player sends back what it showed), is no rename, so such a client changing
 * the description is not refused; a system playlist keeps its reserved name (access.ts refuses
 * renaming it).
 */
export async function editPlaylist(db: Db, viewer: Principal, id: string, edit: PlaylistEdit): Promise<void> {
  requireAccount(viewer);
  const row = await playlistFor(db, viewer, id, 'playlist.edit');
  const { public: isPublic, ...fields } = edit;
  if (fields.name !== undefined && !isOwnName(row.name, fields.name)) {
    requireAccess(viewer, 'playlist.rename', { playlist: targetOf(row) });
  }
  if (isPublic !== undefined) fields.privacy = privacyOfPublicFlag(row.privacy, isPublic);
  const f = checkFields(row.system_kind ? { ...fields, name: undefined } : fields);
  await updatePlaylist(db, row.id, f, Date.now());
}

export async function deletePlaylist(db: Db, viewer: Principal, id: string): Promise<void> {
  requireAccount(viewer);
  const row = await playlistFor(db, viewer, id, 'playlist.delete');
  await db.transaction().execute(async (tx) => {
    await deletePlaylistRows(tx, row.id);
  });
}

/** Likes or unlikes a playlist; one's own like can be taken back after the owner made it private. */
export async function setLike(db: Db, viewer: Principal, id: string, liked: boolean): Promise<void> {
  const me = requireAccount(viewer);
  const row = await findPlaylist(db, id);
  if (liked) {
    requireAccess(viewer, 'playlist.like', { playlist: targetOf(row) });
    await insertLike(db, row.id, me.id, Date.now());
    return;
  }
  if (!(await likeExists(db, row.id, me.id))) {
    requireAccess(viewer, 'playlist.read', { playlist: targetOf(row) });
  }
  await deleteLike(db, row.id, me.id);
}

/** Adds works the viewer may add to the playlist (ids not in the library are refused); the count added. */
export async function addWorks(db: Db, viewer: Principal, id: string, works: number[]): Promise<number> {
  requireAccount(viewer);
  const row = await playlistFor(db, viewer, id, 'playlist.edit');
  const ids = checkWorkCount(works);
  return db.transaction().execute(async (tx) => {
    const n = await insertWorks(tx, db.dialect, row.id, ids, true);
    await touchPlaylist(tx, row.id, Date.now());
    return n;
  });
}

export async function removeWorks(db: Db, viewer: Principal, id: string, works: number[]): Promise<number> {
  requireAccount(viewer);
  const playlistId = (await playlistFor(db, viewer, id, 'playlist.edit')).id;
  const ids = checkWorkCount(works);
  return db.transaction().execute(async (tx) => {
    await lockPlaylistRow(tx, db.dialect, playlistId);
    let removed = 0;
    await chunked(ids, CHUNK, async (chunk) => {
      removed += await deletePlaylistWorks(tx, playlistId, chunk);
    });
    await touchPlaylist(tx, playlistId, Date.now());
    return removed;
  });
}

// ---- reading ----

/** The playlist as the API shows it, if the viewer may read it. */
export async function playlistView(
  db: Db,
  viewer: Principal,
  id: string,
  baseUrl: string,
): Promise<Playlist> {
  const row = await playlistFor(db, viewer, id, 'playlist.read');
  const r = await playlistListRow(db, row.id, userIdOf(viewer));
  if (!r) throw fail('PLAYLIST_NOT_FOUND');
  return playlistOf(r, baseUrl);
}

export type { PlaylistFilter, PlaylistListing };

/**
 * Playlists of the list page: `created` (own, system ones first), `liked` (liked by the caller and
 * still visible to them), `all` (both), `public` (everyone's public playlists: Discover, for
 * visitors too); found by text and ordered by recency or likes.
 */
export async function listPlaylists(
  db: Db,
  viewer: Principal,
  listing: PlaylistListing,
  page: number,
  pageSize: number,
  baseUrl: string,
) {
  let viewerId = userIdOf(viewer);
  if (listing.filterBy !== 'public') {
    viewerId = requireAccount(viewer).id;
    await ensureSystemPlaylists(db, viewerId);
  }
  const text = listing.text?.trim() ?? '';
  const how = { ...listing, text };
  const totalCount = await countPlaylists(db, viewerId, how);
  const rows = await playlistsPage(db, viewerId, how, pageSize, (page - 1) * pageSize);
  const mosaic = await mosaicWorks(
    db,
    rows.map((r) => r.id),
  );
  return {
    playlists: rows.map((r) => ({
      ...playlistOf(r, baseUrl),
      mosaicCoverUrls: (mosaic.get(r.id) ?? []).map((w) => coverUrls(baseUrl, w).thumbnailCoverUrl),
    })),
    pagination: { currentPage: page, pageSize, totalCount },
  };
}

/** The four most recently added works of each playlist (one query for a whole page). */
async function mosaicWorks(db: Db, ids: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (ids.length === 0) return out;
  const rows = await latestWorksOf(db, ids);
  for (const r of rows) {
    const list = out.get(r.playlist_id) ?? [];
    list.push(Number(r.work_id));
    out.set(r.playlist_id, list);
  }
  return out;
}

/** The id of the viewer's system playlist of this kind, made on first use. */
export async function systemPlaylistOf(db: Db, userId: number, kind: SystemKind): Promise<string> {
  await ensureSystemPlaylists(db, userId);
  return systemPlaylistId(db, userId, kind);
}

/** The Marked system playlist of the user: where the quick-mark button adds works by default. */
export async function defaultMarkTarget(db: Db, viewer: Principal, baseUrl: string): Promise<Playlist> {
  const userId = requireAccount(viewer).id;
  return playlistView(db, viewer, await systemPlaylistOf(db, userId, 'marked'), baseUrl);
}

/** The caller's own playlists with whether each holds the work (the card's dropdown, 12 a page). */
export async function workExistStatus(
  db: Db,
  viewer: Principal,
  workId: number,
  page: number,
  pageSize: number,
) {
  const userId = requireAccount(viewer).id;
  if (!(await workExists(db, workId))) throw fail('WORK_NOT_FOUND');
  await ensureSystemPlaylists(db, userId);
  const totalCount = await countOwnPlaylists(db, userId);
  const rows = await ownPlaylistsWithWork(db, userId, workId, pageSize, (page - 1) * pageSize);
  return {
    playlists: rows.map((r) => ({
      id: r.id,
      name: r.name,
      exist: Number(r.exist) > 0,
      works_count: Number(r.works_count),
      privacy: r.privacy,
      is_system: !!r.system_kind,
    })),
    pagination: { page, currentPage: page, pageSize, totalCount },
  };
}
