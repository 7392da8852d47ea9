/**
 * The names the system playlists are shown under. Their stored names are reserved keys
 * (contract `SYSTEM_PLAYLIST_NAMES`); players (the Subsonic API) get a title in their language,
 * the web app translates the key itself. A client that sends one of these titles back is
 * naming the playlist it was shown, not renaming it.
 */
import { SYSTEM_PLAYLIST_NAMES } from '@sasayaki/contract';

/** The languages players get names in (Accept-Language), null for the stored name. */
export type PlayerLang = 'en-us' | 'ja-jp' | 'zh-cn' | null;

const SYSTEM_TITLES: Record<string, Record<Exclude<PlayerLang, null>, string>> = {
  [SYSTEM_PLAYLIST_NAMES.liked]: { 'zh-cn': '喜欢', 'ja-jp': 'お気に入り', 'en-us': 'Liked' },
  [SYSTEM_PLAYLIST_NAMES.marked]: { 'zh-cn': '标记', 'ja-jp': 'マーク', 'en-us': 'Marked' },
};

/** A playlist's name as a player shows it: the system playlists' in the player's language (English by default). */
export function playlistTitle(name: string, lang: PlayerLang): string {
  return SYSTEM_TITLES[name]?.[lang ?? 'en-us'] ?? name;
}

/** Whether `sent` (trimmed) names the playlist stored as `stored`: its name, or a title it is shown under. */
export function isOwnName(stored: string, sent: string): boolean {
  const name = sent.trim();
  return name === stored || Object.values(SYSTEM_TITLES[stored] ?? {}).includes(name);
}
