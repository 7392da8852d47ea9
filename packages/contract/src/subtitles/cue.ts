/** A timed caption line; times in seconds from the start of the track. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** Subtitle file extensions the app reads (docs/product.md §9). */
export const SUBTITLE_EXTENSIONS = ['lrc', 'vtt', 'srt', 'ass'] as const;
export type SubtitleFormat = (typeof SUBTITLE_EXTENSIONS)[number];

/** Removes a leading byte-order mark (editors on Windows add one). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** BOM removed, CRLF and lone CR turned into LF. */
export function normalizeText(text: string): string {
  return stripBom(text).replace(/\r\n?/g, '\n');
}

/**
 * Reads `[hh:]mm:ss[.,:]fraction` (hours optional, fraction of any length: `.5` is half a
 * second, `,250` a quarter) into seconds; NaN when it is not a time.
 */
export function parseClock(raw: string): number {
  const m = /^\s*(?:(\d+):)?(\d{1,3}):(\d{1,2})(?:[.,:](\d+))?\s*$/.exec(raw);
  if (!m) return Number.NaN;
  const hours = m[1] === undefined ? 0 : Number(m[1]);
  const minutes = Number(m[2]);
  const seconds = Number(m[3]);
  const fraction = m[4] === undefined ? 0 : Number(`0.${m[4]}`);
  if (seconds >= 60 || (m[1] !== undefined && minutes >= 60)) return Number.NaN;
  return hours * 3600 + minutes * 60 + seconds + fraction;
}

/** Rounds to milliseconds so that sums of parsed fractions compare exactly. */
export const ms = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Sorted by start time, keeping the file order for equal starts. */
export function sortCues(cues: Cue[]): Cue[] {
  return cues
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.start - b.c.start || a.i - b.i)
    .map(({ c }) => c);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the few HTML entities caption files use. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}
