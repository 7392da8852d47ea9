/** Durations as the app shows them: the work card's badge (docs/product.md §9) and the player's clock. */

/** Works shorter than this (30 minutes) get a grey duration badge. */
export const SHORT_WORK_SECONDS = 30 * 60;

export interface DurationBadgeParts {
  /** The number as shown: whole seconds or minutes, hours with one decimal. */
  amount: string;
  unit: 's' | 'm' | 'h';
}

/**
 * Under 60 s in seconds, under 3600 s in minutes, otherwise hours with one decimal. Seconds and
 * minutes are rounded down so a badge never shows a unit's upper bound (59m, not 60m). Null for a
 * missing, negative or non-finite duration.
 */
export function durationBadgeParts(seconds: number | null | undefined): DurationBadgeParts | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 60) return { amount: String(Math.floor(seconds)), unit: 's' };
  if (seconds < 3600) return { amount: String(Math.floor(seconds / 60)), unit: 'm' };
  return { amount: (Math.round(seconds / 360) / 10).toFixed(1), unit: 'h' };
}

/** The badge text, e.g. `45s`, `25m`, `1.2h`; '' when there is no duration to show. */
export function formatDurationBadge(seconds: number | null | undefined): string {
  const parts = durationBadgeParts(seconds);
  return parts ? parts.amount + parts.unit : '';
}

/** Whether the badge is grey: a known duration under 30 minutes. */
export function isShortWork(seconds: number | null | undefined): boolean {
  return (
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 && seconds < SHORT_WORK_SECONDS
  );
}

/** The player's clock: `m:ss` under an hour, `h:mm:ss` from an hour; `0:00` for anything invalid. */
export function formatClock(seconds: number | null | undefined): string {
  const total =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
