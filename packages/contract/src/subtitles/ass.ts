import { type Cue, ms, normalizeText, parseClock, sortCues } from './cue.ts';

/** Turns ASS dialogue text into plain text: override blocks removed, `\N` line breaks, `\h` spaces. */
export function assText(raw: string): string {
  return raw
    .replace(/\{[^}]*\}/g, '')
    .replace(/\\[Nn]/g, '\n')
    .replace(/\\h/g, '\u00a0')
    .trim();
}

const DEFAULT_FORMAT = [
  'layer',
  'start',
  'end',
  'style',
  'name',
  'marginl',
  'marginr',
  'marginv',
  'effect',
  'text',
];

/**
 * Advanced SubStation Alpha: `Dialogue:` lines of the `[Events]` section, read through its
 * `Format:` line (the text field is last and may contain commas). `Comment:` lines and the other
 * sections are ignored.
 */
export function parseAss(input: string): Cue[] {
  let section = '';
  let format = DEFAULT_FORMAT;
  const cues: Cue[] = [];
  for (const line of normalizeText(input).split('\n')) {
    const trimmed = line.trim();
    const header = /^\[(.+)\]$/.exec(trimmed);
    if (header) {
      section = (header[1] as string).toLowerCase();
      continue;
    }
    if (section !== 'events') continue;
    const field = /^(\w+):\s?(.*)$/.exec(trimmed);
    if (!field) continue;
    const kind = (field[1] as string).toLowerCase();
    const value = field[2] as string;
    if (kind === 'format') {
      format = value.split(',').map((f) => f.trim().toLowerCase());
      continue;
    }
    if (kind !== 'dialogue') continue;
    const parts = value.split(',');
    const head = parts.slice(0, format.length - 1);
    const text = parts.slice(format.length - 1).join(',');
    const get = (name: string) => head[format.indexOf(name)] ?? '';
    const start = parseClock(get('start'));
    const end = parseClock(get('end'));
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    cues.push({ start: ms(start), end: ms(Math.max(start, end)), text: assText(text) });
  }
  return sortCues(cues);
}
