/**
 * Values of numeric search terms. Durations: `30m`, `1.2h`, `90s`, `1h30m`; a bare number is
 * minutes (api-compat.md). Returns whole seconds, or null when the text is not a duration.
 */
const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1 };

export function parseDurationSeconds(raw: string): number | null {
  const text = raw.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 60);
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)([hms])/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return null;
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_SECONDS[p[2]!]!, 0));
}
