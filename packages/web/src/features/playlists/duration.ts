import type { TFunction } from '../../shared/i18n/index.ts';

/**
 * A playlist's total length in hours and minutes ("3 h 20 min"), minutes alone under an hour,
 * "< 1 min" for a few seconds (never "0 min" for a playlist that has something to play).
 */
export function playlistDuration(seconds: number, t: TFunction): string {
  const minutes = Math.round(seconds / 60);
  if (minutes === 0 && seconds > 0) return t('playlists.duration.underMinute');
  const hours = Math.floor(minutes / 60);
  return hours > 0
    ? t('playlists.duration.hours', { hours, minutes: minutes % 60 })
    : t('playlists.duration.minutes', { minutes });
}
