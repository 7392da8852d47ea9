import { SYSTEM_PLAYLIST_NAMES, SYSTEM_PLAYLIST_PREFIX } from '@sasayaki/contract';
import type { TFunction } from '../i18n/index.ts';

/** System playlists show as Liked and Marked (docs/product.md §3); others by their own name. */
export function playlistDisplayName(name: string, t: TFunction): string {
  if (name === SYSTEM_PLAYLIST_NAMES.liked) return t('common.systemPlaylists.liked');
  if (name === SYSTEM_PLAYLIST_NAMES.marked) return t('common.systemPlaylists.marked');
  if (name.startsWith(SYSTEM_PLAYLIST_PREFIX)) return name.slice(SYSTEM_PLAYLIST_PREFIX.length);
  return name;
}
