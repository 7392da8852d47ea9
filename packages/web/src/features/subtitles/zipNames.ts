/**
 * File names of a zip archive, decoded. Entries flagged UTF-8 (general purpose bit 11) say how
 * they are encoded; the others are in the encoding of the machine that made the archive:
 * Shift_JIS from Japanese Windows, GBK from Chinese Windows, or UTF-8 from newer tools that do
 * not set the flag. One encoding is chosen for all of an archive's unflagged names, from all of
 * them together: a single short name is too little text to tell Shift_JIS from GBK.
 */
import { detectLegacyEncoding, isUtf8 } from '../lyrics/index.ts';
import { ImportError } from './errors.ts';

const LOCAL_HEADER = 0x04034b50;
const EMPTY_ARCHIVE = 0x06054b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const UTF8_FLAG = 0x800;

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;

/** A zip starts with a local file header (or, when empty, with the end-of-directory record). */
export function isZip(bytes: Uint8Array): boolean {
  const sig = u32(bytes, 0);
  return bytes.length >= 22 && (sig === LOCAL_HEADER || sig === EMPTY_ARCHIVE);
}

interface RawName {
  bytes: Uint8Array;
  utf8: boolean;
}

/** The names of the central directory, in its order. Throws ImportError('corrupt'). */
function rawNames(zip: Uint8Array): RawName[] {
  let end = zip.length - 22;
  const stop = Math.max(0, zip.length - 22 - 0xffff);
  while (end >= stop && u32(zip, end) !== END_OF_DIRECTORY) end--;
  if (end < stop) throw new ImportError('corrupt', 'no zip end-of-directory record');
  let count = u16(zip, end + 10);
  let offset = u32(zip, end + 16);
  if (end >= 20 && u32(zip, end - 20) === ZIP64_LOCATOR) {
    const z64 = u64(zip, end - 12);
    if (u32(zip, z64) === ZIP64_END) {
      count = u64(zip, z64 + 32);
      offset = u64(zip, z64 + 48);
    }
  }
  const names: RawName[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(zip, offset) !== CENTRAL_HEADER) throw new ImportError('corrupt', 'broken zip directory');
    const nameLength = u16(zip, offset + 28);
    const next = offset + 46 + nameLength + u16(zip, offset + 30) + u16(zip, offset + 32);
    if (next > zip.length) throw new ImportError('corrupt', 'zip directory runs past the end');
    names.push({
      bytes: zip.subarray(offset + 46, offset + 46 + nameLength),
      utf8: (u16(zip, offset + 8) & UTF8_FLAG) !== 0,
    });
    offset = next;
  }
  return names;
}

const isAscii = (b: Uint8Array) => b.every((c) => c < 0x80);

/** The encoding of the unflagged, non-ASCII names taken together. */
export function legacyNameEncoding(names: readonly Uint8Array[]): 'utf-8' | 'shift_jis' | 'gbk' {
  const legacy = names.filter((n) => !isAscii(n));
  if (legacy.length === 0) return 'utf-8';
  const joined = new Uint8Array(legacy.reduce((n, b) => n + b.length + 1, 0));
  let at = 0;
  for (const b of legacy) {
    joined.set(b, at);
    at += b.length + 1; // a 0 byte between names keeps a character from spanning two of them
  }
  return isUtf8(joined) ? 'utf-8' : detectLegacyEncoding(joined);
}

/** Every entry's name, decoded, in central-directory order (the order fflate walks too). */
export function zipEntryNames(zip: Uint8Array): string[] {
  const raw = rawNames(zip);
  const encoding = legacyNameEncoding(raw.filter((n) => !n.utf8).map((n) => n.bytes));
  const utf8 = new TextDecoder('utf-8');
  const legacy = new TextDecoder(encoding);
  return raw.map((n) => (n.utf8 ? utf8 : legacy).decode(n.bytes).replace(/\\/g, '/'));
}
