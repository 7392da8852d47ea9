/**
 * What a contributed subtitle must be before anything is kept (docs/subtitles.md): a file of a
 * subtitle format, readable text in a detected encoding, within the size and line limits, with
 * timed lines that fit the track, and no markup beyond what the formats use. A zip is opened
 * within limits on its entries, their total size and each one's compression ratio, so a bomb
 * is refused from its directory before anything is inflated. Every refusal is an HttpError
 * naming the file, so the contributor knows which one to fix.
 */
import {
  type Cue,
  normalizeText,
  parseSubtitle,
  SUBTITLE_LIMITS,
  type SubtitleFormat,
  subtitleDuration,
  subtitleFormatOf,
} from '@sasayaki/contract';
import { unzipSync } from 'fflate';
import { fail } from '../errors.ts';
import { decodeText } from '../scanner/charset.ts';

/** A file as sent: its name and bytes. */
export interface SentFile {
  name: string;
  bytes: Uint8Array;
  /** The track the contributor chose, when they did. */
  fileId?: number;
}

/** A subtitle that passed: its text normalised to UTF-8 with LF line ends. */
export interface CheckedSubtitle {
  /** The name without folders (shown only). */
  name: string;
  format: SubtitleFormat;
  text: string;
  cues: Cue[];
  lines: number;
  /** End of the last cue, seconds. */
  duration: number;
  fileId?: number;
}

/**
 * A name is a label: any `..`, absolute path, drive letter or backslash is refused outright
 * rather than cleaned, since a sender who writes one is not sending a plain subtitle.
 */
export function plainName(name: string): string {
  const segments = name.split('/');
  const bad =
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    segments.some((s) => s === '..' || s === '.');
  if (bad) throw fail('SUBTITLE_BAD_NAME', { name: name.slice(0, 100) });
  const base = segments[segments.length - 1] ?? '';
  if (!base) throw fail('SUBTITLE_BAD_NAME', { name: name.slice(0, 100) });
  return base;
}

const isZip = (name: string) => /\.zip$/i.test(name);

/**
 * The subtitle files of an upload: plain files as they are, zips opened. Entries that are not
 * subtitles (a readme, a cover) are skipped; folders inside a zip are fine, `..` is not.
 */
export function unpack(files: readonly SentFile[]): SentFile[] {
  const out: SentFile[] = [];
  for (const f of files) {
    if (isZip(f.name)) out.push(...unzipEntries(f));
    else out.push(f);
  }
  if (out.length > SUBTITLE_LIMITS.files)
    throw fail('SUBTITLE_TOO_MANY_FILES', { max: SUBTITLE_LIMITS.files });
  return out;
}

function unzipEntries(zip: SentFile): SentFile[] {
  const zipName = plainName(zip.name);
  const refuse = (reason: string): never => {
    throw fail('SUBTITLE_ZIP', { name: zipName, reason });
  };
  if (zip.bytes.length > SUBTITLE_LIMITS.zipBytes) {
    throw fail('SUBTITLE_TOO_LARGE', { name: zipName, max: SUBTITLE_LIMITS.zipBytes });
  }
  // First pass: the directory only (the filter sees each entry's declared sizes; nothing inflates).
  let entries = 0;
  let total = 0;
  const wanted = new Set<string>();
  try {
    unzipSync(zip.bytes, {
      filter(entry) {
        entries++;
        if (entries > SUBTITLE_LIMITS.zipEntries) refuse(`more than ${SUBTITLE_LIMITS.zipEntries} entries`);
        if (entry.name.endsWith('/')) return false;
        plainName(entry.name);
        total += entry.originalSize;
        if (total > SUBTITLE_LIMITS.zipUncompressedBytes) {
          refuse(`more than ${SUBTITLE_LIMITS.zipUncompressedBytes} bytes uncompressed`);
        }
        // A tiny file compresses far; only a large one at an extreme ratio is a bomb's mark.
        if (entry.originalSize > 64 * 1024 && entry.originalSize > entry.size * SUBTITLE_LIMITS.zipRatio) {
          refuse(`an entry compressed more than ${SUBTITLE_LIMITS.zipRatio} times`);
        }
        if (subtitleFormatOf(entry.name) && !isZip(entry.name)) wanted.add(entry.name);
        return false;
      },
    });
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('SUBTITLE_')) throw err;
    refuse('not a readable zip archive');
  }
  if (wanted.size === 0) refuse('no lrc, vtt, srt or ass file inside');
  let opened: Record<string, Uint8Array>;
  try {
    // fflate inflates each entry into a buffer of its declared size: a lying header cannot grow it.
    opened = unzipSync(zip.bytes, { filter: (e) => wanted.has(e.name) });
  } catch {
    return refuse('not a readable zip archive');
  }
  return [...wanted].map((name) => ({ name, bytes: opened[name] ?? new Uint8Array() }));
}

/** Control characters other than tab, LF, CR and form feed: the mark of binary data. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for exactly these
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;
/** Markup that is neither a subtitle format's styling nor a WebVTT voice or timestamp. */
const HTML =
  /<\s*\/?\s*(script|style|iframe|object|embed|img|svg|a|link|meta|html|body|div|span|form|input|button)\b|javascript:|\bon[a-z]+\s*=/i;

/** Decodes and checks one subtitle file; throws the refusal that names it. */
export function checkSubtitle(file: SentFile): CheckedSubtitle {
  const name = plainName(file.name);
  const format = subtitleFormatOf(name);
  if (!format) throw fail('SUBTITLE_FORMAT', { name });
  let lines = 1;
  for (const b of file.bytes) if (b === 0x0a) lines++;
  if (lines > SUBTITLE_LIMITS.lines)
    throw fail('SUBTITLE_TOO_MANY_LINES', { name, max: SUBTITLE_LIMITS.lines });
  if (file.bytes.length > SUBTITLE_LIMITS.fileBytes) {
    throw fail('SUBTITLE_TOO_LARGE', { name, max: SUBTITLE_LIMITS.fileBytes });
  }
  const decoded = decodeText(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  if (CONTROL.test(decoded)) throw fail('SUBTITLE_BINARY', { name });
  if (decoded.includes('\uFFFD')) throw fail('SUBTITLE_ENCODING', { name });
  const text = normalizeText(decoded);
  if (HTML.test(text)) throw fail('SUBTITLE_MARKUP', { name });
  const cues = parseSubtitle(text, format);
  if (cues.length === 0) throw fail('SUBTITLE_NO_CUES', { name });
  checkTiming(name, cues);
  return { name, format, text, cues, lines, duration: subtitleDuration(cues), fileId: file.fileId };
}

function checkTiming(name: string, cues: readonly Cue[]): void {
  for (const c of cues) {
    if (!Number.isFinite(c.start) || c.start < 0) {
      throw fail('SUBTITLE_TIMING', { name, reason: 'a line has no valid start time' });
    }
    if (Number.isFinite(c.end) && c.end < c.start) {
      throw fail('SUBTITLE_TIMING', { name, reason: 'a line ends before it starts' });
    }
  }
}

/** Lines must start within the track (plus some slack); a track of unknown length takes any. */
export function checkTrackFit(s: CheckedSubtitle, trackDuration: number): void {
  const lastStart = s.cues[s.cues.length - 1]!.start;
  if (trackDuration > 0 && lastStart > trackDuration + SUBTITLE_LIMITS.timingSlackSeconds) {
    throw fail('SUBTITLE_TIMING', {
      name: s.name,
      reason: `lines start after the end of the track (${Math.round(trackDuration)} s)`,
    });
  }
}
