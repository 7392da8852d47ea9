/**
 * A work's files, or one folder of them, as a stored ZIP archive that keeps the folder structure
 * (docs/product.md §2.7 "download the folder", §2.6 "download all"). Files are the catalogued
 * ones, opened one at a time through their library root (services/media.ts), never by a path the
 * client sent: the requested folder only selects among catalogue paths.
 */
import { workCodeOfId } from '@sasayaki/contract';
import type { AppContext } from '../context.ts';
import { fail } from '../errors.ts';
import { type ZipEntry, zipLength, zipStream } from '../infra/media/zip.ts';
import { workExists } from '../repositories/works.ts';
import { type MediaFile, openMediaFile, workMediaFiles } from './media.ts';

export interface WorkZip {
  /** Name of the archive for Content-Disposition. */
  fileName: string;
  entries: ZipEntry[];
  length: number;
  /** The archive's bytes; files are opened as their turn comes and closed after. */
  body(): AsyncGenerator<Buffer>;
}

const cleanPath = (p: string) => p.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');

/** The folder of the `path` query: `a/b`, no leading or trailing slash; '' is the whole work. */
function folderOf(raw: string | undefined): string {
  const folder = (raw ?? '').replace(/^\/+|\/+$/g, '');
  if (folder !== '' && !cleanPath(folder)) {
    throw fail('ARCHIVE_PATH_INVALID');
  }
  return folder;
}

/**
 * The archive of a work (404 when unknown or without files there). Within a folder, entries are
 * named from that folder down (`mp3/01.mp3` for the folder `mp3`); the whole work keeps its paths.
 * Every file is opened once before answering, so a file outside the library (403) or changed
 * on disk (404) is refused before the first byte instead of cutting the archive short.
 */
export async function workZip(ctx: AppContext, workId: number, rawFolder?: string): Promise<WorkZip> {
  const folder = folderOf(rawFolder);
  if (!(await workExists(ctx.db, workId))) throw fail('WORK_NOT_FOUND');
  const all = (await workMediaFiles(ctx, workId)).filter((f) => f.type !== 'folder' && cleanPath(f.path));
  const files = folder === '' ? all : all.filter((f) => f.path.startsWith(`${folder}/`));
  if (files.length === 0) throw fail(folder === '' ? 'ARCHIVE_EMPTY' : 'ARCHIVE_FOLDER_NOT_FOUND');
  for (const f of files) await (await openMediaFile(f)).handle.close();

  const strip = folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/') + 1).length : 0;
  const entries = files.map((f) => ({ name: f.path.slice(strip), size: f.size, mtime: new Date(f.mtime) }));
  const code = workCodeOfId(workId);
  const leaf = folder.slice(folder.lastIndexOf('/') + 1);
  return {
    fileName: leaf ? `${code} ${leaf}.zip` : `${code}.zip`,
    entries,
    length: zipLength(entries),
    body: () => zipStream(entries, (i) => contentsOf(files[i]!)),
  };
}

async function* contentsOf(file: MediaFile): AsyncGenerator<Buffer> {
  const opened = await openMediaFile(file);
  try {
    yield* opened.handle.createReadStream({ highWaterMark: 512 * 1024, autoClose: false });
  } finally {
    await opened.handle.close();
  }
}
