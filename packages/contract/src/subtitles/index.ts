export { parseAss } from './ass.ts';
export {
  type Cue,
  normalizeText,
  parseClock,
  SUBTITLE_EXTENSIONS,
  type SubtitleFormat,
  stripBom,
} from './cue.ts';
export { parseLrc } from './lrc.ts';
export {
  comparableTitle,
  DURATION_TOLERANCE,
  durationSimilarity,
  type MatchCandidate,
  matchConfidence,
  titleSimilarity,
} from './match.ts';
export { parseSubtitle, sniffFormat, subtitleDuration, subtitleFormatOf } from './parse.ts';
export { parseSrt } from './srt.ts';
export { parseVtt } from './vtt.ts';
