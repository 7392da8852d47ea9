/**
 * Walking a subtitle archive: the subtitle files of a zip, nested zips unpacked, macOS resource
 * forks (`__MACOSX/`) and every other kind of file skipped. Pure functions over bytes; the import
 * worker runs them.
 */
import { findWorkCodes, subtitleFormatOf, workIdOf } from '@sasayaki/contract';
import { unzipSync } from 'fflate';
import { ImportError } from './errors.ts';
import { isZip, zipEntryNames } from './zipNames.ts';

export interface ArchiveFile {
  /** Path inside the archive; a nested archive's files sit under its path (`inner.zip/a.lrc`). */
  path: string;
  bytes: Uint8Array;
}

const isResourceFork = (path: string) => path.split('/').some((s) => s === '__MACOSX' || s.startsWith('._'));
const isNestedZip = (path: string) => /\.zip$/i.test(path);

/** Whether an entry is worth extracting: a subtitle file or an archive that may hold some. */
export function isWanted(path: string): boolean {
  if (path.endsWith('/') || isResourceFork(path)) return false;
  return isNestedZip(path) || subtitleFormatOf(path.slice(path.lastIndexOf('/') + 1)) !== null;
}

/** Decompresses the entries at `indexes` (central-directory order). Throws ImportError('corrupt'). */
function extract(zip: Uint8Array, indexes: ReadonlySet<number>): Map<number, Uint8Array> {
  const order: [number, string][] = [];
  let i = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        const wanted = indexes.has(i);
        if (wanted) order.push([i, f.name]);
        i++;
        return wanted;
      },
    });
  } catch (e) {
    throw new ImportError('corrupt', e instanceof Error ? e.message : String(e));
  }
  const out = new Map<number, Uint8Array>();
  for (const [index, name] of order) {
    const bytes = files[name];
    if (bytes) out.set(index, bytes);
  }
  return out;
}

export interface WalkOptions {
  /** Files per batch: an archive is decompressed one batch at a time. */
  batchSize: number;
  /** Told each time more subtitle files are found (nested archives add theirs when opened). */
  onFound?: (count: number) => void;
  /** How deep archives may nest; deeper ones are skipped (a zip bomb must not recurse forever). */
  maxDepth?: number;
}

/**
 * The subtitle files of an archive in batches of at most `batchSize`, nested archives unpacked.
 * Throws ImportError('corrupt') when the outer archive (or a nested one) cannot be read.
 */
export function* subtitleBatches(
  zip: Uint8Array,
  opts: WalkOptions,
  prefix = '',
  depth = 0,
): Generator<ArchiveFile[]> {
  const names = zipEntryNames(zip);
  const wanted = names.flatMap((name, index) => (isWanted(name) ? [index] : []));
  opts.onFound?.(wanted.filter((i) => !isNestedZip(names[i] as string)).length);
  for (let start = 0; start < wanted.length; start += opts.batchSize) {
    const slice = wanted.slice(start, start + opts.batchSize);
    const extracted = extract(zip, new Set(slice));
    const batch: ArchiveFile[] = [];
    const nested: ArchiveFile[] = [];
    for (const index of slice) {
      const bytes = extracted.get(index);
      const path = prefix + (names[index] as string);
      if (!bytes) continue;
      (isNestedZip(path) ? nested : batch).push({ path, bytes });
    }
    if (batch.length > 0) yield batch;
    for (const inner of nested) {
      if (depth >= (opts.maxDepth ?? 8) || !isZip(inner.bytes)) continue;
      yield* subtitleBatches(inner.bytes, opts, `${inner.path}/`, depth + 1);
    }
  }
}

/** Work ids of every work code in any segment of a path, first appearance first. */
export function workIdsOfPath(path: string): number[] {
  const ids = new Set<number>();
  for (const segment of path.split('/')) for (const code of findWorkCodes(segment)) ids.add(workIdOf(code));
  return [...ids];
}

const BOM = [0xef, 0xbb, 0xbf];

/** SHA-256 in hex of bytes whose leading UTF-8 byte-order mark is removed first. */
export async function hashWithoutBom(bytes: Uint8Array): Promise<string> {
  const body = BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
  const digest = await crypto.subtle.digest('SHA-256', body as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
