/**
 * A subtitle file picked from the device for the lyrics view: only `.lrc`, `.vtt`, `.srt` and
 * `.ass` (docs/product.md §9), and only text. An archive or any other binary file is refused
 * with its reason instead of becoming a lyric of unreadable lines.
 */
import { parseSubtitle, stripBom, subtitleFormatOf } from '@sasayaki/contract';
import { decodeText } from './decode.ts';

export type LocalLyricRefusal = 'extension' | 'binary' | 'noLines';

export type LocalLyricRead =
  | { ok: true; lyric: { title: string; content: string } }
  | { ok: false; reason: LocalLyricRefusal };

/** Bytes looked at to tell text from binary. */
const SNIFF_BYTES = 4096;

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * Whether the bytes are text: UTF-16 with its byte-order mark, or bytes without NUL and with
 * hardly any control characters other than tab, line breaks, form feed and escape. Archives
 * (zip, gzip, 7z, rar) and media files fail on their first bytes.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  const head = bytes.subarray(0, SNIFF_BYTES);
  let control = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) control++;
  }
  return control <= head.length / 100;
}

/** Reads a picked file into a lyric, or says why it is refused. */
export function readLocalLyric(name: string, bytes: Uint8Array): LocalLyricRead {
  if (subtitleFormatOf(name) === null || !name.includes('.')) return { ok: false, reason: 'extension' };
  if (!looksLikeText(bytes)) return { ok: false, reason: 'binary' };
  const content = stripBom(decodeText(bytes));
  if (parseSubtitle(content, name).length === 0) return { ok: false, reason: 'noLines' };
  return { ok: true, lyric: { title: name, content } };
}
