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
import { requireAccess } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
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
import { recordAudit } from './audit.ts';
import { nextRunOf, scheduleOf, scheduleOverride, schedulesOf } from './scans/schedule.ts';

/** What changing the roots reaches: the roots in the database, the library served here, the other instances. */
type Ctx = Pick<AppContext, 'config' | 'db' | 'library' | 'signals' | 'log'>;

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

/** The roots as the console lists them, for an administrator: with each one's scan schedule. */
export async function rootsFor(
  ctx: Pick<AppContext, 'config' | 'db'>,
  viewer: Principal,
  since = Date.now(),
): Promise<{ roots: LibraryRoot[]; scheduleOverride: { env: string; minutes: number } | null }> {
  requireAccess(viewer, 'admin');
  const [roots, schedules] = await Promise.all([listRoots(ctx.config, ctx.db), schedulesOf(ctx)]);
  return {
    roots: roots.map((r) => {
      const s = scheduleOf(schedules, r.id);
      return { ...r, schedule: s.schedule, nextScanAt: nextRunOf(ctx.config, s, since) };
    }),
    scheduleOverride: scheduleOverride(ctx.config),
  };
}

/** The roots in effect with their works and whether they can be read now (also the start banner's). */
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

/** System folders the console never browses or serves (nor anything that resolves into them). */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev', '/etc', '/boot', '/root'];

const inside = (root: string, p: string) => {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The folders out of the console's reach: the system's, the data folder and the cache, as real paths. */
export async function forbiddenFolders(config?: Pick<Config, 'dataDir' | 'cacheDir'>): Promise<string[]> {
  const named = [...SYSTEM_FOLDERS, ...(config ? [config.dataDir, config.cacheDir] : [])].filter(Boolean);
  const real = await Promise.all(named.map(async (p) => (await realOrNull(p)) ?? path.resolve(p)));
  return [...new Set([...named.map((p) => path.resolve(p)), ...real])];
}

/** Refuses a real path inside a forbidden folder (FOLDER_FORBIDDEN). */
export function refuseForbidden(real: string, forbidden: readonly string[], shown = real): void {
  if (forbidden.some((f) => inside(f, real))) throw fail('FOLDER_FORBIDDEN', { path: shown });
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

/** Media of a root added or removed is served (or refused) at once, here and on every instance. */
async function refreshLibrary(ctx: Ctx): Promise<void> {
  ctx.library.setRoots(await effectiveRoots(ctx.config, ctx.db));
  await ctx.signals.send(ctx.db, 'roots');
}

/** Adds a root: a readable folder that overlaps neither the data folder nor another root. */
export async function addRoot(
  ctx: Ctx,
  viewer: Principal,
  input: string,
  name?: string,
): Promise<LibraryRoot> {
  requireAccess(viewer, 'admin');
  const root = await insertRoot(ctx.config, ctx.db, input, name);
  await refreshLibrary(ctx);
  ctx.log.info({ path: root.path }, 'library root added');
  await recordAudit(ctx.db, viewer, {
    action: 'library.root-add',
    target: root.path,
    details: { id: root.id, name: root.name },
  });
  return root;
}

async function insertRoot(config: Config, db: Db, input: string, name?: string): Promise<LibraryRoot> {
  // Roots are kept and scanned as text; works below a root may have any bytes in their names.
  if (input.includes(REPLACEMENT)) throw fail('FOLDER_NAME_ENCODING', { parent: firstReadable(input) });
  const real = await checkedFolder(input);
  // System folders, as typed and by real path; a root holding one (`/`) would reach into it too.
  const system = await forbiddenFolders();
  refuseForbidden(path.resolve(input), system, input);
  refuseForbidden(real, system, input);
  if (system.some((f) => inside(real, f))) throw fail('FOLDER_FORBIDDEN', { path: input });
  for (const dir of [config.dataDir, config.cacheDir].filter(Boolean)) {
    const data = (await realOrNull(dir)) ?? path.resolve(dir);
    if (overlaps(real, data)) throw fail('FOLDER_IN_DATA', { dataDir: dir });
  }
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

export async function renameRoot(
  ctx: Ctx,
  viewer: Principal,
  id: number,
  name: string,
): Promise<LibraryRoot> {
  requireAccess(viewer, 'admin');
  const { config, db } = ctx;
  const before = await consoleRoot(config, db, id);
  const display = name.trim();
  if (!display) throw fail('BAD_REQUEST', { reason: 'name must not be empty' });
  await renameLibraryRoot(db, id, display);
  await recordAudit(db, viewer, {
    action: 'library.root-rename',
    target: before.path,
    details: { id, from: before.name, to: display },
  });
  return (await listRoots(config, db)).find((r) => r.id === id)!;
}

/** Forgets a root; its works stay until the next scan removes them (with nothing else). */
export async function removeRoot(ctx: Ctx, viewer: Principal, id: number): Promise<void> {
  requireAccess(viewer, 'admin');
  const root = await consoleRoot(ctx.config, ctx.db, id);
  await deleteLibraryRoot(ctx.db, id);
  await refreshLibrary(ctx);
  ctx.log.info({ id }, 'library root removed');
  await recordAudit(ctx.db, viewer, {
    action: 'library.root-remove',
    target: root.path,
    details: { id, name: root.name },
  });
}
