import type { QueueLyric } from './types.ts';

/** Spec §9: a lyric is chosen automatically only from this confidence on. */
export const LYRIC_AUTO_SELECT_THRESHOLD = 0.8;

/** Automatic choice (spec §4): the first lyric when its confidence is at least 0.8, else none (-1). */
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
