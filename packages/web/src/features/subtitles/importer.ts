/**
 * The import pipeline of a subtitle archive: verify (a zip, not imported before), decompress,
 * prepare each subtitle file (decode, hash, measure, read work codes), insert. Small archives are
 * written in one transaction; large ones chunk by chunk, marked 'processing' until the last chunk
 * and removed again if anything fails, so no half-imported package remains. Runs in the import
 * worker (import.worker.ts); tests call it directly.
 */
import { parseSubtitle, stripBom, subtitleDuration } from '@sasayaki/contract';
import { decodeText } from '../lyrics/index.ts';
import { type ArchiveFile, hashWithoutBom, subtitleBatches, workIdsOfPath } from './archive.ts';
import { ALL_TABLES, type SubtitleDb } from './db.ts';
import { ImportError, toImportError } from './errors.ts';
import {
  addPackage,
  hasPackageWithHash,
  type PreparedFile,
  purgeUnfinished,
  removePackage,
  writeFiles,
} from './repository.ts';
import { isZip } from './zipNames.ts';

/** Archives above 50 MB are imported in chunks of 10,000 files. */
export const CHUNKED_IMPORT_THRESHOLD = 52_428_800;
export const IMPORT_CHUNK_FILES = 10_000;

export interface ImportProgress {
  phase: 'verifying' | 'processing' | 'finished';
  /** Subtitle files prepared so far. */
  done: number;
  /** Subtitle files found so far (nested archives add theirs when opened). */
  total: number;
}

export interface ImportResult {
  packageId: number;
  fileName: string;
  /** Subtitle files stored. */
  files: number;
  /** Subtitle files left out because no work code appears in their path. */
  skipped: number;
  workIds: number[];
}

export interface ImportOptions {
  onProgress?: (p: ImportProgress) => void;
  /** Files prepared at once; twice the hardware threads in the browser. */
  concurrency?: number;
  /** Overrides the 50 MB threshold (tests). */
  chunkedAbove?: number;
  chunkFiles?: number;
}

/** Runs `fn` over `items` with at most `limit` calls in flight, keeping the order of results. */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return out;
}

const encoder = new TextEncoder();

/** A file's work codes come from its own path, or else from the archive's name. */
export async function prepareFile(file: ArchiveFile, archiveName: string): Promise<PreparedFile | null> {
  const productIds = workIdsOfPath(file.path);
  if (productIds.length === 0) productIds.push(...workIdsOfPath(archiveName));
  if (productIds.length === 0) return null;
  const text = stripBom(decodeText(file.bytes));
  const content = encoder.encode(text);
  return {
    path: file.path,
    productIds,
    hash: await hashWithoutBom(content),
    content,
    duration: subtitleDuration(parseSubtitle(text, file.path)),
  };
}

/** Imports across tabs run one at a time: a tab's clean-up must not remove another's import. */
function withImportLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request('sasayaki-subtitle-import', fn) : fn();
}

export function importArchive(
  db: SubtitleDb,
  archive: { name: string; bytes: Uint8Array },
  opts: ImportOptions = {},
): Promise<ImportResult> {
  return withImportLock(() => runImport(db, archive, opts)).catch((e) => {
    throw toImportError(e);
  });
}

async function runImport(
  db: SubtitleDb,
  { name, bytes }: { name: string; bytes: Uint8Array },
  opts: ImportOptions,
): Promise<ImportResult> {
  const progress: ImportProgress = { phase: 'verifying', done: 0, total: 0 };
  // Every report re-renders the page's progress bar: at most ten a second while files stream by.
  let reportedAt = 0;
  const report = (force = true) => {
    const now = Date.now();
    if (!force && now - reportedAt < 100) return;
    reportedAt = now;
    opts.onProgress?.({ ...progress });
  };
  report();
  if (!isZip(bytes)) throw new ImportError('notZip');
  await purgeUnfinished(db);
  const hash = await hashWithoutBom(bytes);
  if (await hasPackageWithHash(db, hash)) throw new ImportError('duplicate');

  const chunked = bytes.length > (opts.chunkedAbove ?? CHUNKED_IMPORT_THRESHOLD);
  const batches = subtitleBatches(bytes, {
    batchSize: chunked ? (opts.chunkFiles ?? IMPORT_CHUNK_FILES) : Number.POSITIVE_INFINITY,
    onFound: (n) => {
      progress.total += n;
      report();
    },
  });
  const concurrency = opts.concurrency ?? 2 * (globalThis.navigator?.hardwareConcurrency || 2);
  const works = new Set<number>();
  let stored = 0;
  let skipped = 0;
  const prepare = async (batch: ArchiveFile[]): Promise<PreparedFile[]> => {
    const prepared = await mapPool(batch, concurrency, async (f) => {
      const p = await prepareFile(f, name);
      progress.done++;
      report(progress.done === progress.total);
      return p;
    });
    const kept = prepared.filter((p): p is PreparedFile => p !== null);
    skipped += prepared.length - kept.length;
    stored += kept.length;
    for (const p of kept) for (const id of p.productIds) works.add(id);
    return kept;
  };
  progress.phase = 'processing';
  const row = { file_name: name, size: bytes.length, file_hash: hash, created_at: Date.now() };
  let packageId: number;

  if (!chunked) {
    const files: PreparedFile[] = [];
    for (const batch of batches) files.push(...(await prepare(batch)));
    if (files.length === 0) throw new ImportError('noSubtitles', name);
    packageId = await db.transaction('rw', [...ALL_TABLES], async () => {
      const id = await addPackage(db, {
        ...row,
        status: 'finished',
        file_count: stored,
        work_count: works.size,
      });
      await writeFiles(db, id, files);
      return id;
    });
  } else {
    packageId = await addPackage(db, { ...row, status: 'processing', file_count: 0, work_count: 0 });
    try {
      for (const batch of batches) {
        const files = await prepare(batch);
        await db.transaction('rw', [...ALL_TABLES], () => writeFiles(db, packageId, files));
      }
      if (stored === 0) throw new ImportError('noSubtitles', name);
      await db.subtitle_package.update(packageId, {
        status: 'finished',
        file_count: stored,
        work_count: works.size,
      });
    } catch (e) {
      await removePackage(db, packageId).catch(() => undefined);
      throw e;
    }
  }
  progress.phase = 'finished';
  report();
  return { packageId, fileName: name, files: stored, skipped, workIds: [...works].sort((a, b) => a - b) };
}
