import { formatClock, formatDurationBadge, isShortWork } from '@sasayaki/contract';

/** Duration badge of docs/product.md §9 (rules in the contract); `short` means grey (under 30 minutes). */
export function durationBadge(seconds: number): { text: string; short: boolean } {
  return { text: formatDurationBadge(seconds), short: isShortWork(seconds) };
}

/** h:mm:ss or m:ss of a track. */
export const clock = formatClock;

export function formatYen(price: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'JPY' }).format(price);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
