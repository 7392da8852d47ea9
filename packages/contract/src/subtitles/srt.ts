import type { Cue } from './cue.ts';
import { parseCueBlocks } from './vtt.ts';

/** SubRip captions: numbered blocks, `00:00:01,000 --> 00:00:02,500` (a dot is accepted too). */
export function parseSrt(input: string): Cue[] {
  return parseCueBlocks(input);
}
