/**
 * The library on disk, behind one door: every path handed to the file system is built from a
 * catalogue row and checked to stay inside the configured library roots (after resolving
 * symlinks), so no client-supplied or planted path can reach other files.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';

interface WorkLocation {
  root_index: number;
  folder_path: string;
}

/** Lexical absolute path of a work folder, or null when its root is no longer configured. */
export function workFolderOf(config: Config, work: WorkLocation): string | null {
  const root = config.libraryRoots[work.root_index];
  if (!root) return null;
  const abs = path.resolve(root, work.folder_path);
  return isInside(path.resolve(root), abs) ? abs : null;
}

function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

const realRoots = new Map<string, Promise<string | null>>();

async function realRoot(root: string): Promise<string | null> {
  let r = realRoots.get(root);
  if (!r) {
    r = fs.realpath(root).catch(() => null);
    realRoots.set(root, r);
    // A root that was missing may be mounted later: do not cache failures.
    r.then((v) => v === null && realRoots.delete(root));
  }
  return r;
}

/** Whether an absolute path, symlinks resolved, lies inside one of the library roots. */
export async function isInsideLibrary(config: Config, abs: string): Promise<boolean> {
  let real: string;
  try {
    real = await fs.realpath(abs);
  } catch {
    return false;
  }
  for (const root of config.libraryRoots) {
    const rr = await realRoot(root);
    if (rr && isInside(rr, real)) return true;
  }
  return false;
}

/**
 * Absolute path of a catalogued file. Throws 404 when the work or file is gone from disk, and
 * 403 when the path (or a symlink on it) leads outside the library roots.
 */
export async function resolveFile(ctx: AppContext, file: { work_id: number; path: string }): Promise<string> {
  const work = await ctx.db.db
    .selectFrom('works')
    .select(['root_index', 'folder_path'])
    .where('id', '=', file.work_id)
    .executeTakeFirst();
  const folder = work && workFolderOf(ctx.config, work);
  if (!folder) throw notFound('File not found');
  const abs = path.resolve(folder, file.path);
  if (!isInside(folder, abs)) throw forbidden('File is outside the library');
  try {
    await fs.access(abs);
  } catch {
    throw notFound('File not found');
  }
  if (!(await isInsideLibrary(ctx.config, abs))) throw forbidden('File is outside the library');
  return abs;
}
