import type { QueueLyric } from './types.ts';

/** docs/product.md §9: a lyric is chosen automatically only from this confidence on. */
export const LYRIC_AUTO_SELECT_THRESHOLD = 0.8;

/** Automatic choice (docs/product.md §4): the first lyric when its confidence is at least 0.8, else none (-1). */
export function chooseLyric(lyrics: readonly QueueLyric[]): number {
  const first = lyrics[0];
  return first !== undefined && first.confidence >= LYRIC_AUTO_SELECT_THRESHOLD ? 0 : -1;
}

/** A lyric from a local file gets confidence 1 and goes first; it is then the automatic choice. */
export function withLocalLyric(
  lyrics: readonly QueueLyric[],
  local: Omit<QueueLyric, 'confidence'>,
): { lyrics: QueueLyric[]; selectedLyricIndex: number } {
  const next = [{ ...local, confidence: 1 }, ...lyrics];
  return { lyrics: next, selectedLyricIndex: chooseLyric(next) };
}

/**
 * Adds the local subtitles matched to a track (they carry a `subtitle_file_path`) to its lyrics,
 * replacing an earlier match, everything ordered by confidence (the track's own lyrics first on a
 * tie). An automatic choice is made again over the new list; a lyric the listener picked stays
 * picked.
 */
export function withMatchedLyrics(
  lyrics: readonly QueueLyric[],
  selectedLyricIndex: number,
  matched: readonly QueueLyric[],
): { lyrics: QueueLyric[]; selectedLyricIndex: number } {
  const picked = lyrics[selectedLyricIndex];
  const automatic = selectedLyricIndex === chooseLyric(lyrics);
  const own = lyrics.filter((l) => l.subtitle_file_path === undefined);
  const next = [...own, ...matched].sort((a, b) => b.confidence - a.confidence);
  return {
    lyrics: next,
    selectedLyricIndex:
      automatic || !picked
        ? chooseLyric(next)
        : next.findIndex(
            (l) =>
              l === picked ||
              (l.subtitle_file_path !== undefined && l.subtitle_file_path === picked.subtitle_file_path),
          ),
  };
}

/**
 * The order of a track's server lyrics for the automatic choice (docs/subtitles.md): community
 * subtitles in the listener's language first, then the bundled files, then community subtitles
 * in other languages; each group keeps the server's order.
 */
export function inListenerOrder(lyrics: readonly QueueLyric[], language: string): QueueLyric[] {
  const rank = (l: QueueLyric) => {
    if (!l.community) return 1;
    return l.community.language.toLowerCase() === language.toLowerCase() ? 0 : 2;
  };
  return lyrics
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank(a.l) - rank(b.l) || a.i - b.i)
    .map(({ l }) => l);
}
