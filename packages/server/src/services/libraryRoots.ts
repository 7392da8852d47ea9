/**
 * The library roots in effect (docs/console.md): those of SASAYAKI_LIBRARY (read-only here; keys
 * 0, 1, … by position), those added in the console (stored in `library_roots`; keys from 1000),
 * or, when there are neither, the demo library of the data folder (key 0, as before there was a
 * console). A root's key is what its works keep in `works.root_index`.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { LibraryRoot } from '@sasayaki/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { fail } from '../errors.ts';
import {
  allLibraryRoots,
  deleteLibraryRoot,
  findLibraryRoot,
  insertLibraryRoot,
  maxLibraryRootId,
  renameLibraryRoot,
  worksPerRoot,
} from '../repositories/libraryRoots.ts';
import { REPLACEMENT } from '../storage/byteNames.ts';
import { effectiveRoots, FIRST_CONSOLE_ROOT_ID, nameOf } from '../storage/effectiveRoots.ts';

export async function consoleRootsExist(db: Db): Promise<boolean> {
  return (await allLibraryRoots(db)).length > 0;
}

async function readable(dir: string): Promise<boolean> {
  try {
    await fsp.access(dir, fs.constants.R_OK | fs.constants.X_OK);
    return (await fsp.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** The roots as the console lists them, with their works and whether they can be read now. */
export async function listRoots(config: Config, db: Db): Promise<LibraryRoot[]> {
  const [roots, works] = await Promise.all([effectiveRoots(config, db), worksPerRoot(db)]);
  return Promise.all(
    roots.map(async (r) => ({ ...r, works: works.get(r.id) ?? 0, available: await readable(r.path) })),
  );
}

const overlaps = (a: string, b: string) => {
  const inside = (root: string, p: string) => {
    const rel = path.relative(root, p);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  };
  return inside(a, b) || inside(b, a);
};

async function realOrNull(p: string): Promise<string | null> {
  try {
    return await fsp.realpath(p);
  } catch {
    return null;
  }
}

/**
 * A folder an administrator named, checked: absolute, an existing directory the server can
 * list, and its real path. Answers the real path (symlinks resolved).
 */
export async function checkedFolder(input: string): Promise<string> {
  if (!path.isAbsolute(input)) throw fail('FOLDER_NOT_ABSOLUTE');
  let real: string;
  try {
    real = await fsp.realpath(input);
    if (!(await fsp.stat(real)).isDirectory()) throw fail('FOLDER_NOT_FOUND', { path: input });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw fail('FOLDER_UNREADABLE', { path: input });
    if (code) throw fail('FOLDER_NOT_FOUND', { path: input });
    throw err;
  }
  if (!(await readable(real))) throw fail('FOLDER_UNREADABLE', { path: input });
  return real;
}

/** The longest start of a path (text shown with replacement characters) whose names are all text. */
function firstReadable(shown: string): string {
  let at = shown;
  while (at.includes(REPLACEMENT)) at = path.dirname(at);
  return at;
}

/** Adds a root: a readable folder that overlaps neither the data folder nor another root. */
export async function addRoot(config: Config, db: Db, input: string, name?: string): Promise<LibraryRoot> {
  // Roots are kept and scanned as text; works below a root may have any bytes in their names.
  if (input.includes(REPLACEMENT)) throw fail('FOLDER_NAME_ENCODING', { parent: firstReadable(input) });
  const real = await checkedFolder(input);
  const data = (await realOrNull(config.dataDir)) ?? path.resolve(config.dataDir);
  if (overlaps(real, data)) throw fail('FOLDER_IN_DATA', { dataDir: config.dataDir });
  for (const r of await effectiveRoots(config, db)) {
    if (r.source === 'demo') continue;
    const other = (await realOrNull(r.path)) ?? r.path;
    if (overlaps(real, other)) throw fail('FOLDER_OVERLAPS_ROOT', { root: r.path });
  }
  const display = name?.trim() || nameOf(real);
  try {
    const id = await db.transaction().execute(async (tx) => {
      const next = Math.max((await maxLibraryRootId(tx)) ?? 0, FIRST_CONSOLE_ROOT_ID - 1) + 1;
      await insertLibraryRoot(tx, { id: next, path: real, name: display, created_at: Date.now() });
      return next;
    });
    return (await listRoots(config, db)).find((r) => r.id === id)!;
  } catch (err) {
    // Two administrators adding the same folder at once: the unique path decides.
    if (/unique|duplicate/i.test(String((err as Error).message))) {
      throw fail('FOLDER_OVERLAPS_ROOT', { root: real });
    }
    throw err;
  }
}

/** A console root by id; environment and demo roots are read-only. */
async function consoleRoot(config: Config, db: Db, id: number) {
  if (id < FIRST_CONSOLE_ROOT_ID) {
    const known = (await effectiveRoots(config, db)).some((r) => r.id === id);
    throw fail(known ? 'LIBRARY_ROOT_READ_ONLY' : 'LIBRARY_ROOT_NOT_FOUND');
  }
  const row = await findLibraryRoot(db, id);
  if (!row) throw fail('LIBRARY_ROOT_NOT_FOUND');
  return row;
}

export async function renameRoot(config: Config, db: Db, id: number, name: string): Promise<LibraryRoot> {
  await consoleRoot(config, db, id);
  const display = name.trim();
  if (!display) throw fail('BAD_REQUEST', { reason: 'name must not be empty' });
  await renameLibraryRoot(db, id, display);
  return (await listRoots(config, db)).find((r) => r.id === id)!;
}

/** Forgets a root; its works stay until the next scan removes them (with nothing else). */
export async function removeRoot(config: Config, db: Db, id: number): Promise<void> {
  await consoleRoot(config, db, id);
  await deleteLibraryRoot(db, id);
}
