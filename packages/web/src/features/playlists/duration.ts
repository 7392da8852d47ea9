import type { TFunction } from '../../shared/i18n/index.ts';

/** A playlist's total length in hours and minutes ("3 h 20 min"), minutes alone under an hour. */
export function playlistDuration(seconds: number, t: TFunction): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0
    ? t('playlists.duration.hours', { hours, minutes: minutes % 60 })
    : t('playlists.duration.minutes', { minutes });
}
