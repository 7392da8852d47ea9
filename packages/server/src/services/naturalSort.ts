/**
 * Natural, case-insensitive, locale-aware name order: `2.mp3` before `10.mp3`, `a` next to `A`,
 * kana in Japanese order. Ties (names equal to the collator) fall back to code points so the
 * order is total and the same on every run.
 */
const collator = new Intl.Collator('ja', { numeric: true, sensitivity: 'base' });

export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
