/**
 * Media files: a catalogued file by id (never by a client path), opened through its library root
 * (storage/root.ts: nothing outside the root, checked on the opened file) and checked against what
 * the scan recorded. The HTTP answer for it (ranges, validators, the front proxy) is http/files.ts.
 */
import type { AppContext } from '../context.ts';
import { fail } from '../errors.ts';
import { type MediaFileRow, mediaFileRow, mediaFilesOfWork } from '../repositories/files.ts';
import { type OpenedFile, type Root, StorageError } from '../storage/root.ts';

/** A catalogued file: where it lives and what the scan recorded of it. */
export interface MediaFile {
  id: number;
  workId: number;
  /** Path relative to the work folder, as catalogued. */
  path: string;
  name: string;
  type: string;
  charset: string | null;
  /** The type the scan found in the content when the name says another (else from the name). */
  contentType: string | null;
  /** Size recorded by the scan: the opened file must still have it. */
  size: number;
  /** Modification time recorded by the scan (epoch ms). */
  mtime: number;
  rootIndex: number;
  root: Root;
  /** Path relative to the root. */
  rel: string;
}

function located(ctx: AppContext, row: MediaFileRow): MediaFile {
  const { root, rel } = storageAnswer(() => ctx.library.locate(row, row.path));
  return {
    id: row.id,
    workId: row.work_id,
    path: row.path,
    name: row.path.slice(row.path.lastIndexOf('/') + 1),
    type: row.type,
    charset: row.charset,
    contentType: row.content_type,
    size: Number(row.size),
    mtime: Number(row.mtime),
    rootIndex: row.root_index,
    root,
    rel,
  };
}

/** A catalogued file by id (and work id, for the `{workId}/{fileId}` form); 404 when unknown. */
export async function mediaFile(ctx: AppContext, fileId: number, workId?: number): Promise<MediaFile> {
  const row = await mediaFileRow(ctx.db, fileId, workId);
  if (!row) throw fail('FILE_NOT_FOUND');
  return located(ctx, row);
}

/** Every catalogued file of a work, by catalogue path (none for an unknown work). */
export async function workMediaFiles(ctx: AppContext, workId: number): Promise<MediaFile[]> {
  const rows = await mediaFilesOfWork(ctx.db, workId);
  // Ordered here, not by the database: collations differ between SQLite and PostgreSQL.
  rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return rows.map((row) => located(ctx, row));
}

/** Storage refusals as answers: 403 for a path leading out of the library, else 404. */
function httpErrorOf(err: unknown): unknown {
  if (!(err instanceof StorageError)) return err;
  return err.reason === 'outside' ? fail('FILE_OUTSIDE_LIBRARY') : fail('FILE_NOT_FOUND');
}

function storageAnswer<T>(task: () => T): T {
  try {
    return task();
  } catch (err) {
    throw httpErrorOf(err);
  }
}

/**
 * Opens a catalogued file through its library root (refusing anything that leads outside it) and
 * checks the opened file against the catalogue: a file of another size than the scan recorded is
 * not the file the catalogue describes (404 until a rescan records it).
 */
export async function openMediaFile(file: MediaFile): Promise<OpenedFile> {
  const opened = await file.root.open(file.rel).catch((err: unknown) => {
    throw httpErrorOf(err);
  });
  if (opened.stat.size !== file.size) {
    await opened.handle.close();
    throw fail('FILE_CHANGED');
  }
  return opened;
}
