import { parseAss } from './ass.ts';
import type { Cue, SubtitleFormat } from './cue.ts';
import { parseLrc } from './lrc.ts';
import { parseSrt } from './srt.ts';
import { parseVtt } from './vtt.ts';

const PARSERS: Record<SubtitleFormat, (text: string) => Cue[]> = {
  lrc: parseLrc,
  vtt: parseVtt,
  srt: parseSrt,
  ass: parseAss,
};

/** The subtitle format of a file name or extension (`a.vtt`, `.VTT`, `vtt`), or null. */
export function subtitleFormatOf(nameOrExt: string): SubtitleFormat | null {
  const ext = (
    nameOrExt.includes('.') ? nameOrExt.slice(nameOrExt.lastIndexOf('.') + 1) : nameOrExt
  ).toLowerCase();
  return ext in PARSERS ? (ext as SubtitleFormat) : null;
}

/** Guesses the format of text whose name says nothing. */
export function sniffFormat(text: string): SubtitleFormat {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('WEBVTT')) return 'vtt';
  if (/^\[Script Info\]/im.test(head) || /^Dialogue:/m.test(head)) return 'ass';
  if (/-->/.test(head)) return 'srt';
  return 'lrc';
}

/**
 * Parses subtitle text by its extension (or file name) into cues sorted by start; an unknown
 * extension is sniffed from the content. Never throws: unreadable text gives no cues.
 */
export function parseSubtitle(text: string, ext: string): Cue[] {
  const format = subtitleFormatOf(ext) ?? sniffFormat(text);
  try {
    return PARSERS[format](text);
  } catch {
    return [];
  }
}

/** docs/product.md §5: the end of the last caption in seconds; 0 when there are none. */
export function subtitleDuration(cues: readonly Cue[]): number {
  let end = 0;
  for (const c of cues) if (Number.isFinite(c.end) && c.end > end) end = c.end;
  return end;
}
