/** The `playlists`, `playlist_works` and `playlist_likes` tables. */
import { PLAYLIST_PRIVACY } from '@sasayaki/contract';
import { sql } from 'kysely';
import type { PlaylistRow } from '../db/schema.ts';
import type { Dialect, Queryable } from './queryable.ts';
import { likeContains } from './searchSql.ts';

export async function findPlaylistRow(q: Queryable, id: string): Promise<PlaylistRow | undefined> {
  return q.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function systemKindsOf(q: Queryable, userId: number): Promise<(string | null)[]> {
  const rows = await q
    .selectFrom('playlists')
    .select('system_kind')
    .where('user_id', '=', userId)
    .where('system_kind', 'is not', null)
    .execute();
  return rows.map((r) => r.system_kind);
}

export type NewPlaylistRow = Omit<PlaylistRow, 'playback_count' | 'locale' | 'description'> &
  Partial<Pick<PlaylistRow, 'locale' | 'description'>>;

export async function insertPlaylist(q: Queryable, row: NewPlaylistRow): Promise<void> {
  await q.insertInto('playlists').values(row).execute();
}

/** Inserts a system playlist unless the user has one of its kind already (made by a concurrent request). */
export async function insertSystemPlaylist(q: Queryable, row: NewPlaylistRow): Promise<void> {
  await q
    .insertInto('playlists')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'system_kind']).where('system_kind', 'is not', null).doNothing(),
    )
    .execute();
}

/** Locks the playlist row for the rest of the transaction (PostgreSQL; SQLite transactions are serial). */
export async function lockPlaylistRow(q: Queryable, dialect: Dialect, id: string): Promise<void> {
  if (dialect === 'postgres') {
    await q.selectFrom('playlists').select('id').where('id', '=', id).forUpdate().execute();
  }
}

/** Those of these work ids (at most a few hundred) that are in the library. */
export async function knownWorkIds(q: Queryable, ids: readonly number[]): Promise<number[]> {
  const rows = await q.selectFrom('works').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Those of these works (at most a few hundred) that the playlist holds. */
export async function worksInPlaylist(
  q: Queryable,
  playlistId: string,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await q
    .selectFrom('playlist_works')
    .select('work_id')
    .where('playlist_id', '=', playlistId)
    .where('work_id', 'in', ids)
    .execute();
  return rows.map((r) => r.work_id);
}

export async function countPlaylistWorks(q: Queryable, playlistId: string): Promise<number> {
  const row = await q
    .selectFrom('playlist_works')
    .select(sql<number>`count(*)`.as('n'))
    .where('playlist_id', '=', playlistId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPlaylistWorks(
  q: Queryable,
  rows: readonly { playlist_id: string; work_id: number; added_at: number }[],
): Promise<void> {
  await q.insertInto('playlist_works').values(rows).execute();
}

/** The number of rows deleted. */
export async function deletePlaylistWorks(
  q: Queryable,
  playlistId: string,
  ids: readonly number[],
): Promise<number> {
  const res = await q
    .deleteFrom('playlist_works')
    .where('playlist_id', '=', playlistId)
    .where('work_id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function touchPlaylist(q: Queryable, id: string, now: number): Promise<void> {
  await q.updateTable('playlists').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function updatePlaylist(
  q: Queryable,
  id: string,
  fields: Partial<Pick<PlaylistRow, 'name' | 'privacy' | 'locale' | 'description'>>,
  now: number,
): Promise<void> {
  await q
    .updateTable('playlists')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The playlist with its works and likes. */
export async function deletePlaylistRows(q: Queryable, id: string): Promise<void> {
  await q.deleteFrom('playlist_works').where('playlist_id', '=', id).execute();
  await q.deleteFrom('playlist_likes').where('playlist_id', '=', id).execute();
  await q.deleteFrom('playlists').where('id', '=', id).execute();
}

export async function likeExists(q: Queryable, playlistId: string, userId: number): Promise<boolean> {
  const row = await q
    .selectFrom('playlist_likes')
    .select('user_id')
    .where('playlist_id', '=', playlistId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}

export async function insertLike(
  q: Queryable,
  playlistId: string,
  userId: number,
  now: number,
): Promise<void> {
  await q
    .insertInto('playlist_likes')
    .values({ playlist_id: playlistId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['playlist_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteLike(q: Queryable, playlistId: string, userId: number): Promise<void> {
  await q
    .deleteFrom('playlist_likes')
    .where('playlist_id', '=', playlistId)
    .where('user_id', '=', userId)
    .execute();
}

/** Playlists with their owner's name, sizes, newest work, likes and whether the viewer likes each. */
function playlistQuery(q: Queryable, viewerId: number | null) {
  return q
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
      sql<number>`(select coalesce(sum(w.duration), 0) from playlist_works pw inner join works w on w.id = pw.work_id where pw.playlist_id = p.id)`.as(
        'total_duration',
      ),
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

export type PlaylistListRow = Awaited<ReturnType<ReturnType<typeof playlistQuery>['execute']>>[number];

export async function playlistListRow(
  q: Queryable,
  id: string,
  viewerId: number | null,
): Promise<PlaylistListRow | undefined> {
  return playlistQuery(q, viewerId).where('p.id', '=', id).executeTakeFirst();
}

export type PlaylistFilter = 'all' | 'created' | 'liked' | 'public';
export type PlaylistOrder = 'recent' | 'likes';

/** What a playlist list keeps and how it is ordered. */
export interface PlaylistListing {
  filterBy: PlaylistFilter;
  /** Text in the name, description or owner's name (case-insensitive); empty keeps all. */
  text?: string;
  order?: PlaylistOrder;
}

/**
 * `created` (own), `liked` (liked by the viewer and still visible to them), `all` (both),
 * `public` (everyone's public playlists); with `text`, only those whose name, description or
 * owner contains it.
 */
function filteredPlaylists(q: Queryable, viewerId: number | null, { filterBy, text }: PlaylistListing) {
  let query = playlistQuery(q, viewerId);
  if (text) {
    const like = likeContains(text.toLowerCase());
    query = query.where(
      sql<boolean>`(lower(p.name) like ${like} escape '\\' or lower(p.description) like ${like} escape '\\' or lower(u.name) like ${like} escape '\\')`,
    );
  }
  const likedIds = q
    .selectFrom('playlist_likes')
    .select('playlist_id')
    .where('user_id', '=', viewerId ?? -1);
  if (filterBy === 'public') query = query.where('p.privacy', '=', PLAYLIST_PRIVACY.public);
  else if (viewerId === null) query = query.where(sql<boolean>`1 = 0`);
  else if (filterBy === 'created') query = query.where('p.user_id', '=', viewerId);
  else if (filterBy === 'liked') {
    query = query
      .where('p.id', 'in', likedIds)
      .where((eb) => eb.or([eb('p.privacy', '>', 0), eb('p.user_id', '=', viewerId)]));
  } else {
    query = query.where((eb) =>
      eb.or([eb('p.user_id', '=', viewerId), eb.and([eb('p.id', 'in', likedIds), eb('p.privacy', '>', 0)])]),
    );
  }
  return query;
}

export async function countPlaylists(
  q: Queryable,
  viewerId: number | null,
  listing: PlaylistListing,
): Promise<number> {
  const row = await q
    .selectFrom(filteredPlaylists(q, viewerId, listing).as('x'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page, system playlists first, then the most liked (`likes`) or most recently changed. */
export async function playlistsPage(
  q: Queryable,
  viewerId: number | null,
  listing: PlaylistListing,
  limit: number,
  offset: number,
): Promise<PlaylistListRow[]> {
  let query = filteredPlaylists(q, viewerId, listing).orderBy(
    sql`case when p.system_kind is null then 1 else 0 end`,
  );
  if (listing.order === 'likes') {
    query = query.orderBy(sql`(select count(*) from playlist_likes pl where pl.playlist_id = p.id)`, 'desc');
  }
  return query.orderBy('p.updated_at', 'desc').orderBy('p.id').limit(limit).offset(offset).execute();
}

/** The four most recently added works of each playlist (one query for a whole page). */
export async function latestWorksOf(
  q: Queryable,
  ids: readonly string[],
): Promise<{ playlist_id: string; work_id: number }[]> {
  // Works with a cover first, so a playlist's card shows a cover whenever one of its works has one.
  const ranked = q
    .selectFrom('playlist_works as pw')
    .innerJoin('works as w', 'w.id', 'pw.work_id')
    .select([
      'pw.playlist_id',
      'pw.work_id',
      sql<number>`row_number() over (partition by pw.playlist_id order by case when w.cover_path is null or w.cover_path = '' then 1 else 0 end, pw.added_at desc, pw.work_id desc)`.as(
        'n',
      ),
    ])
    .where('pw.playlist_id', 'in', ids);
  return q
    .selectFrom(ranked.as('x'))
    .select(['playlist_id', 'work_id'])
    .where('n', '<=', 4)
    .orderBy('playlist_id')
    .orderBy('n')
    .execute();
}

export async function systemPlaylistId(q: Queryable, userId: number, kind: string): Promise<string> {
  const row = await q
    .selectFrom('playlists')
    .select('id')
    .where('user_id', '=', userId)
    .where('system_kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countOwnPlaylists(q: Queryable, userId: number): Promise<number> {
  const row = await q
    .selectFrom('playlists as p')
    .where('p.user_id', '=', userId)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's own playlists with whether each holds the work: Marked, Liked, then newest change. */
export async function ownPlaylistsWithWork(
  q: Queryable,
  userId: number,
  workId: number,
  limit: number,
  offset: number,
) {
  return q
    .selectFrom('playlists as p')
    .where('p.user_id', '=', userId)
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
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Those of these works the playlist holds, with when each was added. */
export async function additionsAmong(
  q: Queryable,
  playlistId: string,
  ids: readonly number[],
): Promise<{ work_id: number; added_at: number }[]> {
  if (ids.length === 0) return [];
  return q
    .selectFrom('playlist_works')
    .select(['work_id', 'added_at'])
    .where('playlist_id', '=', playlistId)
    .where('work_id', 'in', ids)
    .execute();
}

/** Songs (audio files) and seconds of audio of each of these playlists. */
export async function playlistSongTotals(
  q: Queryable,
  ids: readonly string[],
): Promise<{ playlist_id: string; songs: number; seconds: number }[]> {
  if (ids.length === 0) return [];
  return q
    .selectFrom('playlist_works as pw')
    .innerJoin('works as w', 'w.id', 'pw.work_id')
    .select([
      'pw.playlist_id',
      sql<number>`sum((select count(*) from files f where f.work_id = pw.work_id and f.type = 'audio'))`.as(
        'songs',
      ),
      sql<number>`sum(w.duration)`.as('seconds'),
    ])
    .where('pw.playlist_id', 'in', ids)
    .groupBy('pw.playlist_id')
    .execute();
}
