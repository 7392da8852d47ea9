/**
 * Playlists as music players (the Subsonic API) read them: the viewer's own and everyone's public
 * ones with their song counts and lengths, the system playlists under names in the player's
 * language, the viewer's stars (their Liked playlist) and a playlist's cover. Access is decided
 * as for the web app (playlists.ts `playlistFor`).
 */
import { type Principal, userIdOf } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import { fail } from '../errors.ts';
import {
  additionsAmong,
  latestWorksOf,
  type PlaylistListRow,
  playlistListRow,
  playlistSongTotals,
  playlistsPage,
} from '../repositories/playlists.ts';
import { ensureSystemPlaylists, playlistFor, systemPlaylistOf } from './playlists.ts';

export { type PlayerLang, playlistTitle } from './systemPlaylistTitles.ts';

/** Most playlists of each kind (own, others' public) one player list holds. */
const PLAYER_PLAYLISTS_MAX = 1000;

export type PlayerPlaylist = Pick<
  PlaylistListRow,
  'id' | 'name' | 'description' | 'user_id' | 'user_name' | 'privacy' | 'created_at' | 'updated_at'
> & {
  /** Audio files of its works, and their seconds. */
  songs: number;
  seconds: number;
};

async function withTotals(db: Db, rows: readonly PlaylistListRow[]): Promise<PlayerPlaylist[]> {
  const totals = new Map(
    (
      await playlistSongTotals(
        db,
        rows.map((r) => r.id),
      )
    ).map((t) => [t.playlist_id, t]),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    user_id: r.user_id,
    user_name: r.user_name,
    privacy: r.privacy,
    created_at: r.created_at,
    updated_at: r.updated_at,
    songs: Number(totals.get(r.id)?.songs ?? 0),
    seconds: Number(totals.get(r.id)?.seconds ?? 0),
  }));
}

/** The viewer's own playlists (system ones first, made on first use), then others' public ones. */
export async function playerPlaylists(db: Db, viewer: Principal): Promise<PlayerPlaylist[]> {
  const userId = userIdOf(viewer);
  if (userId !== null) await ensureSystemPlaylists(db, userId);
  const own =
    userId === null ? [] : await playlistsPage(db, userId, { filterBy: 'created' }, PLAYER_PLAYLISTS_MAX, 0);
  const shared = (await playlistsPage(db, userId, { filterBy: 'public' }, PLAYER_PLAYLISTS_MAX, 0)).filter(
    (r) => r.user_id !== userId,
  );
  return withTotals(db, [...own, ...shared]);
}

/** One playlist the viewer may read, with its totals. */
export async function playerPlaylist(db: Db, viewer: Principal, id: string): Promise<PlayerPlaylist> {
  const row = await playlistFor(db, viewer, id, 'playlist.read');
  const listed = await playlistListRow(db, row.id, userIdOf(viewer));
  const [one] = await withTotals(db, listed ? [listed] : []);
  // Deleted between the two reads.
  if (!one) throw fail('PLAYLIST_NOT_FOUND');
  return one;
}

/** The viewer's Liked playlist (made on first use): what players star into; null for a visitor. */
export async function likedPlaylistOf(db: Db, viewer: Principal): Promise<string | null> {
  const userId = userIdOf(viewer);
  return userId === null ? null : systemPlaylistOf(db, userId, 'liked');
}

/** When the viewer starred each of these works (added them to their Liked playlist), epoch ms. */
export async function starredAmong(
  db: Db,
  viewer: Principal,
  workIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const liked = await likedPlaylistOf(db, viewer);
  if (!liked) return out;
  for (const r of await additionsAmong(db, liked, workIds)) out.set(Number(r.work_id), Number(r.added_at));
  return out;
}

/** The work whose cover stands for a playlist the viewer may read: its newest addition. */
export async function playlistCoverWork(db: Db, viewer: Principal, id: string): Promise<number | undefined> {
  const row = await playlistFor(db, viewer, id, 'playlist.read');
  const [newest] = await latestWorksOf(db, [row.id]);
  return newest === undefined ? undefined : Number(newest.work_id);
}
