/**
 * Lyric files: the automatic choice among a track's lyrics, fetching and decoding a file, and the
 * offset arithmetic of the highlighted line. The player shows them (lyrics bar, lyrics view).
 */
export {
  chooseLyric,
  inListenerOrder,
  LYRIC_AUTO_SELECT_THRESHOLD,
  withLocalLyric,
  withMatchedLyrics,
} from './choice.ts';
export { decodeText, detectLegacyEncoding, isUtf8 } from './decode.ts';
export { loadLyricLines } from './load.ts';
export { type LocalLyricRefusal, looksLikeText, readLocalLyric } from './localFile.ts';
export { lineAt, OFFSET_BUTTON, OFFSET_STEP, roundOffset, seekTimeOf, shiftOffset } from './offset.ts';
export type { QueueLyric } from './types.ts';
