/**
 * Subtitle-to-track matching (docs/product.md §5): confidence = 0.3 × title similarity + 0.7 × duration
 * similarity, duration similarity 0 beyond 5 seconds apart.
 */
export interface MatchCandidate {
  title: string;
  /** Seconds. */
  duration: number;
}

export const TITLE_WEIGHT = 0.3;
export const DURATION_WEIGHT = 0.7;
/** Durations further apart than this do not match at all. */
export const DURATION_TOLERANCE = 5;

const AUDIO_EXTENSIONS = /\.(mp3|wav|flac|m4a|aac|ogg|oga|opus|wma|ape|aiff?|alac|mp4)$/i;
const SUBTITLE_EXTENSION = /\.(lrc|vtt|srt|ass)$/i;

/** A title as compared: subtitle then audio extension removed, width and case folded. */
export function comparableTitle(title: string): string {
  return title
    .normalize('NFKC')
    .trim()
    .replace(SUBTITLE_EXTENSION, '')
    .replace(AUDIO_EXTENSIONS, '')
    .trim()
    .toLowerCase();
}

function levenshtein(a: string[], b: string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
    }
    prev = row;
  }
  return prev[b.length] as number;
}

/** 1 − edit distance / longer length, over code points of the comparable titles. */
export function titleSimilarity(subtitleTitle: string, trackTitle: string): number {
  // The usual naming of a WebVTT track (`01.mp3.vtt` for `01.mp3`) is a certain match.
  if (subtitleTitle === `${trackTitle}.vtt`) return 1;
  const a = [...comparableTitle(subtitleTitle)];
  const b = [...comparableTitle(trackTitle)];
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 0;
  return 1 - levenshtein(a, b) / longest;
}

/** 1 for equal durations, falling linearly to 0 at 5 seconds apart. */
export function durationSimilarity(a: number, b: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 0;
  const diff = Math.abs(a - b);
  return diff > DURATION_TOLERANCE ? 0 : 1 - diff / DURATION_TOLERANCE;
}

export function matchConfidence(subtitle: MatchCandidate, track: MatchCandidate): number {
  const c =
    TITLE_WEIGHT * titleSimilarity(subtitle.title, track.title) +
    DURATION_WEIGHT * durationSimilarity(subtitle.duration, track.duration);
  return Math.round(c * 1e6) / 1e6;
}
