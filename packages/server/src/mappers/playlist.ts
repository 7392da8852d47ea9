/** Playlist rows → the Playlist of the API. */
import type { Playlist } from '@sasayaki/contract';
import type { PlaylistListRow } from '../repositories/playlists.ts';
import { coverUrls } from './work.ts';

export function playlistOf(r: PlaylistListRow, baseUrl: string): Playlist {
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
    total_duration: Math.round(Number(r.total_duration)),
  };
}
