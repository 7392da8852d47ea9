import { type Cue, decodeEntities, ms, normalizeText, parseClock, sortCues } from './cue.ts';

/** `start --> end`, spaces around the arrow optional (some SRT tools omit them). */
const TIMING = /^\s*([\d:.,]+)\s*-->\s*([\d:.,]+)/;

/** Removes WebVTT/SRT markup: voice and class spans, inline timestamps, `{\an8}` positions. */
export function stripMarkup(text: string): string {
  return decodeEntities(text.replace(/<[^>]*>/g, '').replace(/\{\\[^}]*\}/g, ''));
}

/**
 * Cue blocks shared by WebVTT and SubRip: an optional identifier line, a `start --> end` line
 * (settings after it ignored), then text lines up to a blank line. Blocks without a timing line
 * (the WEBVTT header, NOTE, STYLE, REGION, stray numbers) are skipped.
 */
export function parseCueBlocks(input: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of normalizeText(input).split(/\n[ \t]*\n/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => TIMING.test(l));
    if (at < 0 || at > 1) continue;
    const first = (lines[0] ?? '').trim();
    if (at === 1 && /^(NOTE|STYLE|REGION)\b/.test(first)) continue;
    const m = TIMING.exec(lines[at] as string) as RegExpExecArray;
    const start = parseClock(m[1] as string);
    const end = parseClock(m[2] as string);
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    const text = stripMarkup(
      lines
        .slice(at + 1)
        .join('\n')
        .trim(),
    );
    cues.push({ start: ms(start), end: ms(Math.max(start, end)), text });
  }
  return sortCues(cues);
}

/** WebVTT captions. */
export function parseVtt(input: string): Cue[] {
  return parseCueBlocks(input);
}
