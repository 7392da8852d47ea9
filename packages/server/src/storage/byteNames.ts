/**
 * File names that are not valid UTF-8 (a Japanese zip unpacked on Linux leaves Shift_JIS bytes,
 * e.g. `RJ01999003 ` followed by 83 54 83 93). Node turns such a name into a string with U+FFFD,
 * and that string no longer opens the file. The rule, in one place:
 *   - the catalogue keeps the name decoded with replacement characters (`decodeName`);
 *   - the filesystem is reached with the raw bytes: a path with such a name is a Buffer (`FsPath`);
 *   - a catalogued path with U+FFFD is found again by listing each such folder as bytes and
 *     taking the one entry that decodes to it (`resolveDisplayPath`). The scanner skips
 *     (reason `name-encoding`) any entry whose decoded name is not unique in its folder, so
 *     that entry is always one.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** A path as the filesystem takes it: text, or bytes when a name in it is not valid UTF-8. */
export type FsPath = string | Buffer;

export const REPLACEMENT = '\uFFFD';

// ignoreBOM: a name that starts with EF BB BF keeps it (the default decoder would drop it).
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const SEP = Buffer.from(path.sep);

/** A name as the catalogue shows it; `valid` is false when the bytes are not UTF-8. */
export function decodeName(raw: Uint8Array): { name: string; valid: boolean } {
  try {
    return { name: strict.decode(raw), valid: true };
  } catch {
    return { name: lossy.decode(raw), valid: false };
  }
}

/** `dir/name` as the filesystem takes it: text while both parts are text, else bytes. */
export function joinFsPath(dir: FsPath, name: FsPath): FsPath {
  if (typeof dir === 'string' && typeof name === 'string') return path.join(dir, name);
  const d = typeof dir === 'string' ? Buffer.from(dir) : dir;
  const n = typeof name === 'string' ? Buffer.from(name) : name;
  const needsSep = d.length > 0 && d[d.length - 1] !== SEP[0];
  return Buffer.concat(needsSep ? [d, SEP, n] : [d, n]);
}

/** A path for messages and reports: bytes decoded with replacement characters. */
export function displayPath(p: FsPath): string {
  return typeof p === 'string' ? p : decodeName(p).name;
}

/** A worker thread receives a Buffer as a plain Uint8Array: back to a Buffer (text stays text). */
export function fsPathFromMessage(p: string | Uint8Array): FsPath {
  return typeof p === 'string' ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength);
}

export interface NamedEntry<D> {
  /** The name as the catalogue shows it. */
  name: string;
  /** The raw name when it is not valid UTF-8, else null (the name opens it). */
  raw: Buffer | null;
  dirent: D;
}

/**
 * The one entry of `candidates` a decoded name stands for: the entry whose bytes are that name,
 * else the only one decoding to it; none when two invalid names decode alike.
 */
function pick<D extends { name: Buffer }>(candidates: D[], wanted: string): D | undefined {
  const matches = candidates.filter((c) => decodeName(c.name).name === wanted);
  return matches.find((c) => decodeName(c.name).valid) ?? (matches.length === 1 ? matches[0] : undefined);
}

/**
 * The entries of a folder already read as text, with the raw bytes of those whose names are not
 * UTF-8 (the folder is read again as bytes only then), and the names shared by two entries once
 * decoded (an invalid name reads like another): such invalid entries are left out, listed in
 * `ambiguous`.
 */
export function namedEntriesSync(
  dir: FsPath,
  textual: fs.Dirent[],
): { entries: NamedEntry<fs.Dirent | fs.Dirent<Buffer>>[]; ambiguous: string[] } {
  if (!textual.some((d) => d.name.includes(REPLACEMENT))) {
    return { entries: textual.map((d) => ({ name: d.name, raw: null, dirent: d })), ambiguous: [] };
  }
  const bytes = fs.readdirSync(dir, { withFileTypes: true, encoding: 'buffer' }) as fs.Dirent<Buffer>[];
  return namedOf(bytes);
}

/** As `namedEntriesSync`, for a folder read as bytes asynchronously. */
export async function namedEntries(
  dir: FsPath,
): Promise<{ entries: NamedEntry<fs.Dirent | fs.Dirent<Buffer>>[]; ambiguous: string[] }> {
  const textual = await fsp.readdir(dir, { withFileTypes: true });
  if (!textual.some((d) => d.name.includes(REPLACEMENT))) {
    return { entries: textual.map((d) => ({ name: d.name, raw: null, dirent: d })), ambiguous: [] };
  }
  const bytes = (await fsp.readdir(dir, { withFileTypes: true, encoding: 'buffer' })) as fs.Dirent<Buffer>[];
  return namedOf(bytes);
}

function namedOf(bytes: fs.Dirent<Buffer>[]): {
  entries: NamedEntry<fs.Dirent<Buffer>>[];
  ambiguous: string[];
} {
  const decoded = bytes.map((d) => ({ dirent: d, ...decodeName(d.name) }));
  const count = new Map<string, number>();
  for (const d of decoded) count.set(d.name, (count.get(d.name) ?? 0) + 1);
  const entries: NamedEntry<fs.Dirent<Buffer>>[] = [];
  const ambiguous: string[] = [];
  for (const d of decoded) {
    if (!d.valid && (count.get(d.name) ?? 0) > 1) ambiguous.push(d.name);
    else entries.push({ name: d.name, raw: d.valid ? null : d.dirent.name, dirent: d.dirent });
  }
  return { entries, ambiguous };
}

/**
 * The filesystem path of `rel` (a catalogued, '/'-separated path under `dir` with U+FFFD in some
 * name): each such name is found by listing its folder as bytes. `abs` is absolute, `rel` the
 * bytes of the path under `dir`. Null when a name has no single entry that decodes to it.
 */
export async function resolveDisplayPath(
  dir: string,
  rel: string,
): Promise<{ abs: Buffer; rel: Buffer } | null> {
  let at: FsPath = dir;
  const parts: Buffer[] = [];
  for (const part of rel.split('/')) {
    let name: Buffer = Buffer.from(part);
    if (part.includes(REPLACEMENT)) {
      let listed: fs.Dirent<Buffer>[];
      try {
        listed = (await fsp.readdir(at, { withFileTypes: true, encoding: 'buffer' })) as fs.Dirent<Buffer>[];
      } catch {
        return null;
      }
      const found = pick(listed, part);
      if (!found) return null;
      name = found.name;
    }
    parts.push(name);
    at = joinFsPath(at, name);
  }
  return {
    abs: Buffer.from(at),
    rel: Buffer.concat(parts.flatMap((p, i) => (i ? [Buffer.from('/'), p] : [p]))),
  };
}

const UNRESERVED = /[A-Za-z0-9\-_.!~*'()]/;

/**
 * A path's bytes percent-encoded for a proxy header, '/' kept: the same text as
 * encodeURIComponent per segment gives for UTF-8, and the raw bytes for names that are not.
 */
export function percentEncodeBytes(p: Buffer): string {
  let out = '';
  for (const b of p) {
    const ch = String.fromCharCode(b);
    out +=
      b === 0x2f || (b < 0x80 && UNRESERVED.test(ch))
        ? ch
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
