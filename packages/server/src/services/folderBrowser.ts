/**
 * The server-side folder browser of the console (administrators only): the sub-folder names of
 * one folder, nothing else — no file names, sizes or contents — to pick a library root.
 *
 * A folder whose name is not valid UTF-8 (storage/byteNames.ts) is listed with replacement
 * characters, as the catalogue shows it, and opened by that name: the path is found again by its
 * bytes, as the scanner's are.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FolderListing } from '@sasayaki/contract';
import { requireAccess } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { Config } from '../config.ts';
import { fail } from '../errors.ts';
import {
  type FsPath,
  joinFsPath,
  namedEntries,
  REPLACEMENT,
  resolveDisplayPath,
} from '../storage/byteNames.ts';
import { checkedFolder, forbiddenFolders, refuseForbidden } from './libraryRoots.ts';

/** Sub-folders listed at most; a folder with more says it was cut. */
export const FOLDERS_MAX = 2000;

/** The folder to list: shown as `shown`, reached through `fsPath` (bytes when a name is not UTF-8). */
async function openFolder(input: string): Promise<{ shown: string; fsPath: FsPath }> {
  if (!input.includes(REPLACEMENT)) {
    const real = await checkedFolder(input);
    return { shown: real, fsPath: real };
  }
  if (!path.isAbsolute(input)) throw fail('FOLDER_NOT_ABSOLUTE');
  const root = path.parse(input).root;
  const found = await resolveDisplayPath(root, path.relative(root, path.normalize(input)));
  if (!found) throw fail('FOLDER_NOT_FOUND', { path: input });
  try {
    if (!(await fsp.stat(found.abs)).isDirectory()) throw fail('FOLDER_NOT_FOUND', { path: input });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code) throw fail('FOLDER_NOT_FOUND', { path: input });
    throw err;
  }
  // The name as typed or listed: the replacement characters stand for the bytes found.
  return { shown: path.normalize(input), fsPath: found.abs };
}

export async function listFolders(
  config: Pick<Config, 'dataDir' | 'cacheDir'>,
  viewer: Principal,
  input: string | undefined,
): Promise<FolderListing> {
  requireAccess(viewer, 'admin');
  const asked = input?.trim() || path.parse(process.cwd()).root;
  // Refused as typed and by real path, so a symlink (or /proc/self/cwd) into a forbidden folder is too.
  const forbidden = await forbiddenFolders(config);
  if (path.isAbsolute(asked)) refuseForbidden(path.resolve(asked), forbidden, asked);
  const dir = await openFolder(asked);
  refuseForbidden(await realOf(dir.fsPath), forbidden, dir.shown);
  let listed: Awaited<ReturnType<typeof namedEntries>>;
  try {
    listed = await namedEntries(dir.fsPath);
  } catch {
    throw fail('FOLDER_UNREADABLE', { path: dir.shown });
  }
  const names: string[] = [];
  for (const { name, raw, dirent } of listed.entries) {
    if (name.startsWith('.')) continue;
    let isDir = dirent.isDirectory();
    if (dirent.isSymbolicLink())
      isDir = await fsp.stat(joinFsPath(dir.fsPath, raw ?? name)).then(
        (s) => s.isDirectory(),
        () => false,
      );
    if (isDir && !isForbidden(await realOf(joinFsPath(dir.fsPath, raw ?? name)), forbidden)) names.push(name);
  }
  names.sort((a, b) => a.localeCompare(b));
  const parent = path.dirname(dir.shown);
  return {
    path: dir.shown,
    parent: parent === dir.shown ? null : parent,
    folders: names.slice(0, FOLDERS_MAX).map((name) => ({ name, path: path.join(dir.shown, name) })),
    truncated: names.length > FOLDERS_MAX,
  };
}

async function realOf(p: FsPath): Promise<string> {
  return fsp.realpath(p).then(String, () => String(p));
}

function isForbidden(real: string, forbidden: readonly string[]): boolean {
  try {
    refuseForbidden(real, forbidden);
    return false;
  } catch {
    return true;
  }
}
