/** How history entries say when and how far. */
import { formatClock, isFinished } from '@sasayaki/contract';

/** "Today 21:04", "Yesterday 08:12" or a date with the time, in the interface language. */
export function playedWhen(
  at: number,
  locale: string,
  now = Date.now(),
): { day: 'today' | 'yesterday' | null; text: string } {
  const d = new Date(at);
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(d);
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  const start = startOfToday.getTime();
  if (at >= start) return { day: 'today', text: time };
  if (at >= start - 86_400_000) return { day: 'yesterday', text: time };
  return {
    day: null,
    text: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d),
  };
}

/** Percent listened (0–100) and the "12:34 / 45:00" text, or null for the text when finished. */
export function howFar(position: number, duration: number | null): { percent: number; text: string | null } {
  if (isFinished(position, duration)) return { percent: 100, text: null };
  const percent = duration && duration > 0 ? Math.min(100, (position / duration) * 100) : 0;
  return {
    percent,
    text: duration ? `${formatClock(position)} / ${formatClock(duration)}` : formatClock(position),
  };
}
