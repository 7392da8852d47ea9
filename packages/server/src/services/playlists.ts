/**
 * Playlists (docs/product.md §7.6, docs/compatibility.md): CRUD, likes, works, the two system playlists (Liked and
 * Marked, created lazily on first use) and the per-work membership of the caller's playlists.
 * Permission decisions are made by access.ts; this module loads the facts it needs and writes.
 * Privacy: 0 private (owner only), 1 unlisted (anyone with the id), 2 public (also listed).
 */
import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  PLAYLIST_PRIVACY,
  type Playlist,
  SYSTEM_PLAYLIST_NAMES,
  SYSTEM_PLAYLIST_PREFIX,
} from '@sasayaki/contract';
import { sql, type Transaction } from 'kysely';
import type { PlaylistTarget } from '../access.ts';
import type { Db } from '../db/connect.ts';
import type { Database, PlaylistRow } from '../db/schema.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { coverUrls } from './workSerializer.ts';

/** Works one request may add (the import box of the create dialog included). */
export const MAX_WORKS_PER_REQUEST = 2000;
/** Works one playlist may hold. */
export const MAX_PLAYLIST_WORKS = 5000;

export const PLAYLIST_MESSAGES = {
  nameRequired: 'playlist name is required',
  nameTooLong: `playlist name must be at most ${LIMITS.playlistName} characters`,
  descriptionTooLong: `description must be at most ${LIMITS.playlistDescription} characters`,
  reservedName: 'cannot create or delete system playlist',
  badPrivacy: 'privacy must be 0 (private), 1 (unlisted) or 2 (public)',
  tooManyInRequest: `at most ${MAX_WORKS_PER_REQUEST} works per request`,
  tooManyInPlaylist: `a playlist holds at most ${MAX_PLAYLIST_WORKS} works`,
  workNotFound: 'Work not found',
  notFound: 'playlist not found',
} as const;

type SystemKind = keyof typeof SYSTEM_PLAYLIST_NAMES;
const SYSTEM_KINDS = Object.keys(SYSTEM_PLAYLIST_NAMES) as SystemKind[];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function targetOf(row: Pick<PlaylistRow, 'user_id' | 'privacy' | 'system_kind'>): PlaylistTarget {
  return { userId: row.user_id, privacy: row.privacy, systemKind: row.system_kind };
}

/** The playlist row, or 404 for unknown or malformed ids (both mean "no such playlist"). */
export async function findPlaylist(db: Db, id: string): Promise<PlaylistRow> {
  if (!UUID_RE.test(id)) throw notFound(PLAYLIST_MESSAGES.notFound);
  const row = await db.db
    .selectFrom('playlists')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound(PLAYLIST_MESSAGES.notFound);
  return row;
}

/** Creates the Liked and Marked playlists of a user if missing; safe when called concurrently. */
export async function ensureSystemPlaylists(db: Db, userId: number): Promise<void> {
  const have = await db.db
    .selectFrom('playlists')
    .select('system_kind')
    .where('user_id', '=', userId)
    .where('system_kind', 'is not', null)
    .execute();
  for (const kind of SYSTEM_KINDS) {
    if (have.some((h) => h.system_kind === kind)) continue;
    const now = Date.now();
    try {
      await db.db
        .insertInto('playlists')
        .values({
          id: randomUUID(),
          user_id: userId,
          name: SYSTEM_PLAYLIST_NAMES[kind],
          privacy: PLAYLIST_PRIVACY.private,
          system_kind: kind,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (err) {
      // The unique (user_id, system_kind) index: another request created it first.
      if (!/unique|duplicate/i.test(String((err as Error).message))) throw err;
    }
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
    if (!name) throw badRequest(PLAYLIST_MESSAGES.nameRequired);
    if (name.length > LIMITS.playlistName) throw badRequest(PLAYLIST_MESSAGES.nameTooLong);
    if (name.startsWith(SYSTEM_PLAYLIST_PREFIX)) throw new HttpError(403, PLAYLIST_MESSAGES.reservedName);
    out.name = name;
  }
  if (f.privacy !== undefined) {
    if (![0, 1, 2].includes(f.privacy)) throw badRequest(PLAYLIST_MESSAGES.badPrivacy);
    out.privacy = f.privacy;
  }
  if (f.description !== undefined) {
    if (f.description.length > LIMITS.playlistDescription)
      throw badRequest(PLAYLIST_MESSAGES.descriptionTooLong);
    out.description = f.description;
  }
  if (f.locale !== undefined) out.locale = f.locale.slice(0, 20);
  return out;
}

function checkWorkCount(ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_WORKS_PER_REQUEST) throw new HttpError(413, PLAYLIST_MESSAGES.tooManyInRequest);
  return unique;
}

async function lockPlaylist(tx: Transaction<Database>, dialect: Db['dialect'], id: string): Promise<void> {
  if (dialect === 'postgres') {
    await tx.selectFrom('playlists').select('id').where('id', '=', id).forUpdate().execute();
  }
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
  await lockPlaylist(tx, dialect, playlistId);
  const known = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const r of await tx.selectFrom('works').select('id').where('id', 'in', chunk).execute())
      known.add(r.id);
  }
  const unknown = ids.filter((id) => !known.has(id));
  if (strict && unknown.length)
    throw notFound(`${PLAYLIST_MESSAGES.workNotFound}: ${unknown.slice(0, 10).join(', ')}`);
  const present = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await tx
      .selectFrom('playlist_works')
      .select('work_id')
      .where('playlist_id', '=', playlistId)
      .where('work_id', 'in', chunk)
      .execute();
    for (const r of rows) present.add(r.work_id);
  }
  const fresh = ids.filter((id) => known.has(id) && !present.has(id));
  const countRow = await tx
    .selectFrom('playlist_works')
    .select(sql<number>`count(*)`.as('n'))
    .where('playlist_id', '=', playlistId)
    .executeTakeFirstOrThrow();
  if (Number(countRow.n) + fresh.length > MAX_PLAYLIST_WORKS)
    throw new HttpError(413, PLAYLIST_MESSAGES.tooManyInPlaylist);
  // Later works of the request get later timestamps so "newest first" keeps the request order.
  const now = Date.now();
  for (let i = 0; i < fresh.length; i += 500) {
    const chunk = fresh.slice(i, i + 500);
    await tx
      .insertInto('playlist_works')
      .values(chunk.map((work_id, j) => ({ playlist_id: playlistId, work_id, added_at: now + i + j })))
      .execute();
  }
  return fresh.length;
}

async function touch(tx: Transaction<Database>, id: string): Promise<void> {
  await tx.updateTable('playlists').set({ updated_at: Date.now() }).where('id', '=', id).execute();
}

export async function createPlaylist(
  db: Db,
  userId: number,
  fields: PlaylistFields & { name: string },
  works: number[] = [],
): Promise<string> {
  const f = checkFields(fields);
  const ids = checkWorkCount(works);
  const id = randomUUID();
  const now = Date.now();
  await db.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('playlists')
      .values({
        id,
        user_id: userId,
        name: f.name ?? '',
        privacy: f.privacy ?? PLAYLIST_PRIVACY.private,
        locale: f.locale ?? '',
        description: f.description ?? '',
        system_kind: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await insertWorks(tx, db.dialect, id, ids, false);
  });
  return id;
}

/** Changes metadata; a system playlist keeps its reserved name (access.ts refuses renaming it). */
export async function editPlaylist(db: Db, row: PlaylistRow, fields: PlaylistFields): Promise<void> {
  const f = checkFields(row.system_kind ? { ...fields, name: undefined } : fields);
  await db.db
    .updateTable('playlists')
    .set({ ...f, updated_at: Date.now() })
    .where('id', '=', row.id)
    .execute();
}

export async function deletePlaylist(db: Db, id: string): Promise<void> {
  await db.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('playlist_works').where('playlist_id', '=', id).execute();
    await tx.deleteFrom('playlist_likes').where('playlist_id', '=', id).execute();
    await tx.deleteFrom('playlists').where('id', '=', id).execute();
  });
}

export async function hasLiked(db: Db, playlistId: string, userId: number): Promise<boolean> {
  const row = await db.db
    .selectFrom('playlist_likes')
    .select('user_id')
    .where('playlist_id', '=', playlistId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}

export async function setLike(db: Db, playlistId: string, userId: number, liked: boolean): Promise<void> {
  if (liked) {
    await db.db
      .insertInto('playlist_likes')
      .values({ playlist_id: playlistId, user_id: userId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['playlist_id', 'user_id']).doNothing())
      .execute();
  } else {
    await db.db
      .deleteFrom('playlist_likes')
      .where('playlist_id', '=', playlistId)
      .where('user_id', '=', userId)
      .execute();
  }
}

export async function addWorks(db: Db, playlistId: string, works: number[]): Promise<number> {
  const ids = checkWorkCount(works);
  return db.db.transaction().execute(async (tx) => {
    const n = await insertWorks(tx, db.dialect, playlistId, ids, true);
    await touch(tx, playlistId);
    return n;
  });
}

export async function removeWorks(db: Db, playlistId: string, works: number[]): Promise<number> {
  const ids = checkWorkCount(works);
  return db.db.transaction().execute(async (tx) => {
    await lockPlaylist(tx, db.dialect, playlistId);
    let removed = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const res = await tx
        .deleteFrom('playlist_works')
        .where('playlist_id', '=', playlistId)
        .where('work_id', 'in', ids.slice(i, i + 500))
        .executeTakeFirst();
      removed += Number(res.numDeletedRows);
    }
    await touch(tx, playlistId);
    return removed;
  });
}

// ---- reading ----

function playlistQuery(db: Db, viewerId: number | null) {
  return db.db
    .selectFrom('playlists as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.user_id',
      'p.name',
      'p.privacy',
      'p.locale',
      'p.description',
      'p.system_kind',
      'p.playback_count',
      'p.created_at',
      'p.updated_at',
      'u.name as user_name',
      sql<number>`(select count(*) from playlist_works pw where pw.playlist_id = p.id)`.as('works_count'),
      sql<
        number | null
      >`(select pw.work_id from playlist_works pw where pw.playlist_id = p.id order by pw.added_at desc, pw.work_id desc limit 1)`.as(
        'latest_work_id',
      ),
      sql<number>`(select count(*) from playlist_likes pl where pl.playlist_id = p.id)`.as('likes_count'),
      sql<number>`(select count(*) from playlist_likes pl where pl.playlist_id = p.id and pl.user_id = ${viewerId ?? -1})`.as(
        'liked',
      ),
    ]);
}

type PlaylistListRow = Awaited<ReturnType<ReturnType<typeof playlistQuery>['execute']>>[number];

function view(r: PlaylistListRow, baseUrl: string): Playlist {
  const latest = r.latest_work_id === null ? null : Number(r.latest_work_id);
  return {
    id: r.id,
    user_name: r.user_name,
    privacy: r.privacy,
    locale: r.locale,
    playback_count: r.playback_count,
    name: r.name,
    description: r.description,
    created_at: new Date(Number(r.created_at)).toISOString(),
    updated_at: new Date(Number(r.updated_at)).toISOString(),
    works_count: Number(r.works_count),
    latestWorkID: latest,
    mainCoverUrl: latest === null ? '' : coverUrls(baseUrl, latest).mainCoverUrl,
    likes_count: Number(r.likes_count),
    liked: Number(r.liked) > 0,
    is_system: !!r.system_kind,
  };
}

export async function playlistView(
  db: Db,
  id: string,
  viewerId: number | null,
  baseUrl: string,
): Promise<Playlist> {
  const r = await playlistQuery(db, viewerId).where('p.id', '=', id).executeTakeFirst();
  if (!r) throw notFound(PLAYLIST_MESSAGES.notFound);
  return view(r, baseUrl);
}

export type PlaylistFilter = 'all' | 'created' | 'liked' | 'public';

/**
 * Playlists of the list page: `created` (own, system ones first), `liked` (liked by the caller and
 * still visible to them), `all` (both), `public` (everyone's public playlists).
 */
export async function listPlaylists(
  db: Db,
  viewerId: number | null,
  filterBy: PlaylistFilter,
  page: number,
  pageSize: number,
  baseUrl: string,
) {
  let q = playlistQuery(db, viewerId);
  const likedIds = db.db
    .selectFrom('playlist_likes')
    .select('playlist_id')
    .where('user_id', '=', viewerId ?? -1);
  if (filterBy === 'public') q = q.where('p.privacy', '=', PLAYLIST_PRIVACY.public);
  else if (viewerId === null) q = q.where(sql<boolean>`1 = 0`);
  else if (filterBy === 'created') q = q.where('p.user_id', '=', viewerId);
  else if (filterBy === 'liked') {
    q = q
      .where('p.id', 'in', likedIds)
      .where((eb) => eb.or([eb('p.privacy', '>', 0), eb('p.user_id', '=', viewerId)]));
  } else {
    q = q.where((eb) =>
      eb.or([eb('p.user_id', '=', viewerId), eb.and([eb('p.id', 'in', likedIds), eb('p.privacy', '>', 0)])]),
    );
  }
  const countRow = await db.db
    .selectFrom(q.as('x'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const rows = await q
    .orderBy(sql`case when p.system_kind is null then 1 else 0 end`)
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const mosaic = await mosaicWorks(
    db,
    rows.map((r) => r.id),
  );
  return {
    playlists: rows.map((r) => ({
      ...view(r, baseUrl),
      mosaicCoverUrls: (mosaic.get(r.id) ?? []).map((w) => coverUrls(baseUrl, w).thumbnailCoverUrl),
    })),
    pagination: { currentPage: page, pageSize, totalCount: Number(countRow.n) },
  };
}

/** The four most recently added works of each playlist (one query for a whole page). */
async function mosaicWorks(db: Db, ids: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (ids.length === 0) return out;
  const ranked = db.db
    .selectFrom('playlist_works')
    .select([
      'playlist_id',
      'work_id',
      sql<number>`row_number() over (partition by playlist_id order by added_at desc, work_id desc)`.as('n'),
    ])
    .where('playlist_id', 'in', ids);
  const rows = await db.db
    .selectFrom(ranked.as('x'))
    .select(['playlist_id', 'work_id'])
    .where('n', '<=', 4)
    .orderBy('playlist_id')
    .orderBy('n')
    .execute();
  for (const r of rows) {
    const list = out.get(r.playlist_id) ?? [];
    list.push(Number(r.work_id));
    out.set(r.playlist_id, list);
  }
  return out;
}

/** The Marked system playlist of the user: where the quick-mark button adds works by default. */
export async function defaultMarkTarget(db: Db, userId: number, baseUrl: string): Promise<Playlist> {
  await ensureSystemPlaylists(db, userId);
  const row = await db.db
    .selectFrom('playlists')
    .select('id')
    .where('user_id', '=', userId)
    .where('system_kind', '=', 'marked')
    .executeTakeFirstOrThrow();
  return playlistView(db, row.id, userId, baseUrl);
}

/** The caller's own playlists with whether each holds the work (the card's dropdown, 12 a page). */
export async function workExistStatus(
  db: Db,
  userId: number,
  workId: number,
  page: number,
  pageSize: number,
) {
  const work = await db.db.selectFrom('works').select('id').where('id', '=', workId).executeTakeFirst();
  if (!work) throw notFound(PLAYLIST_MESSAGES.workNotFound);
  await ensureSystemPlaylists(db, userId);
  const base = db.db.selectFrom('playlists as p').where('p.user_id', '=', userId);
  const countRow = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'p.id',
      'p.name',
      'p.privacy',
      'p.system_kind',
      sql<number>`(select count(*) from playlist_works pw where pw.playlist_id = p.id)`.as('works_count'),
      sql<number>`(select count(*) from playlist_works pw where pw.playlist_id = p.id and pw.work_id = ${workId})`.as(
        'exist',
      ),
    ])
    .orderBy(sql`case p.system_kind when 'marked' then 0 when 'liked' then 1 else 2 end`)
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    playlists: rows.map((r) => ({
      id: r.id,
      name: r.name,
      exist: Number(r.exist) > 0,
      works_count: Number(r.works_count),
      privacy: r.privacy,
      is_system: !!r.system_kind,
    })),
    pagination: { page, currentPage: page, pageSize, totalCount: Number(countRow.n) },
  };
}
