/**
 * File-system walking: finding work folders under the library roots, and listing one work's
 * tree. Symlinks are followed but every directory is entered once (by device + inode), so a
 * symlink loop ends; unreadable entries are reported and skipped.
 */
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ScanReadCause, ScanSkipReason } from '@sasayaki/contract/scan';
import { findWorkCode, type WorkCode, workIdOf } from '@sasayaki/contract/workCode';
import {
  displayPath,
  type FsPath,
  joinFsPath,
  namedEntries,
  namedEntriesSync,
} from '../storage/byteNames.ts';

/** Something the scan left out: where, why (one of the closed list of reasons), and in words. */
export interface ScanIssue {
  path: string;
  reason: ScanSkipReason;
  /** The server's words, for logs and the command line. */
  message: string;
  /** Values the console's translated text for the reason shows (keys, codes, paths as they are). */
  params?: Record<string, string>;
}

export interface WorkFolder {
  rootIndex: number;
  /** Folder relative to its root, '/'-separated; names that are not UTF-8 shown with U+FFFD. */
  relPath: string;
  /** For messages and reports (names that are not UTF-8 shown with U+FFFD). */
  absPath: string;
  /** For the filesystem: the bytes when a name in it is not valid UTF-8 (storage/byteNames.ts). */
  fsPath: FsPath;
  code: WorkCode;
  id: number;
}

export interface Discovery {
  folders: WorkFolder[];
  issues: ScanIssue[];
  /** Roots, and folders under a root, that could not be read: works below them are kept as they are. */
  unreadable: { rootIndex: number; relPath: string }[];
}

/** Hidden files and OS droppings are not part of a work. */
export function isIgnoredName(name: string): boolean {
  return name.startsWith('.') || name === '__MACOSX' || name === 'Thumbs.db' || name === 'desktop.ini';
}

function errMessage(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EACCES' || err.code === 'EPERM') return 'permission denied';
  if (err.code === 'ELOOP') return 'symlink loop';
  if (err.code === 'ENOENT') return 'broken link or vanished entry';
  return err.message ?? String(e);
}

/** The cause of a failed read, as a key the console translates. */
export function causeOf(e: unknown): { cause: ScanReadCause } {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return { cause: 'permission' };
  if (code === 'ELOOP') return { cause: 'loop' };
  if (code === 'ENOENT') return { cause: 'missing' };
  return { cause: 'other' };
}

/** The reason for a failed read: a loop the kernel found, else the entry could not be read. */
function reasonOf(e: unknown): ScanSkipReason {
  return (e as NodeJS.ErrnoException).code === 'ELOOP' ? 'symlink-loop' : 'unreadable';
}

const toPosix = (p: string) => p.split(path.sep).join('/');

/** Real paths of the library roots (missing roots left out). */
export async function realRoots(roots: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const r of roots) {
    try {
      out.push(await fs.realpath(r));
    } catch {
      // A missing root is reported by the walk itself.
    }
  }
  return out;
}

function insideAny(roots: string[], real: string): boolean {
  return roots.some((r) => {
    const rel = path.relative(r, real);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  });
}

/**
 * Whether a symlink stays inside the library. Media delivery refuses files outside the roots
 * (storage/library.ts), so the scanner does not index what could never be played.
 */
async function linkStaysInside(abs: FsPath, roots: string[]): Promise<boolean> {
  return insideAny(roots, await fs.realpath(abs));
}

async function dirKey(abs: FsPath): Promise<string> {
  const st = await fs.stat(abs);
  return `${st.dev}:${st.ino}`;
}

/** The walk of the library roots: what every root's folders, and the links among them, share. */
interface RootsWalk {
  out: Discovery;
  /** Real paths of the roots: a link must lead inside one of them. */
  inside: string[];
  /** Walks through links, run once every root's own folders are known; they may queue more. */
  linkedWalks: (() => Promise<void>)[];
  /** Whether a work folder reached through a link is one already found (remembered if not). */
  alreadyFound: (abs: FsPath) => Promise<boolean>;
}

/** One root's part of the walk: its position, and the folders entered under it (device + inode). */
interface RootWalk extends RootsWalk {
  rootIndex: number;
  visited: Set<string>;
}

/**
 * Every work folder under the roots, in a stable (sorted) order. Each root's own folders are
 * walked first and linked folders after them, so a link to a folder the library already holds
 * adds nothing (reported as `linked-folder`) whatever the names' order; a work folder reached
 * only through links is indexed once, at its first linked path.
 */
export async function findWorkFolders(roots: string[]): Promise<Discovery> {
  const out: Discovery = { folders: [], issues: [], unreadable: [] };
  const inside = await realRoots(roots);
  const linkedWalks: (() => Promise<void>)[] = [];
  const rootReals = await Promise.all(roots.map((r) => fs.realpath(r).catch(() => undefined)));
  const shared: RootsWalk = { out, inside, linkedWalks, alreadyFound: foundWorkPaths(out, rootReals) };
  for (const [rootIndex, root] of roots.entries()) {
    await visitFolder({ ...shared, rootIndex, visited: new Set() }, root, '', false);
  }
  // A linked walk may find more links: they queue behind it.
  for (let i = 0; i < linkedWalks.length; i++) await linkedWalks[i]!();
  return out;
}

/**
 * The check behind `RootsWalk.alreadyFound`. The real paths of the folders found so far are only
 * worked out once a link to a work folder is met, which most libraries never have.
 */
function foundWorkPaths(out: Discovery, rootReals: (string | undefined)[]) {
  let realWorkPaths: Set<string> | null = null;
  // A folder reached without a link is its root's real path and its own relative path.
  const realPathOf = async (f: WorkFolder) => {
    const rootReal = rootReals[f.rootIndex];
    return rootReal && typeof f.fsPath === 'string'
      ? path.join(rootReal, f.relPath)
      : String(await fs.realpath(f.fsPath).catch(() => f.absPath));
  };
  return async (abs: FsPath): Promise<boolean> => {
    realWorkPaths ??= new Set(await Promise.all(out.folders.map(realPathOf)));
    const real = String(await fs.realpath(abs).catch(() => ''));
    if (realWorkPaths.has(real)) return true;
    realWorkPaths.add(real);
    return false;
  };
}

/** Walks one folder: its work folders are taken, the others entered (or queued, behind a link). */
async function visitFolder(walk: RootWalk, abs: FsPath, rel: string, linked: boolean): Promise<void> {
  const listed = await enterFolder(walk, abs, rel, linked);
  if (!listed) return;
  for (const name of listed.ambiguous.filter((n) => !isIgnoredName(n)))
    walk.out.issues.push(ambiguousName(displayPath(abs), name));
  for (const { name, raw, dirent } of byName(listed.entries)) {
    if (isIgnoredName(name)) continue;
    const childAbs = joinFsPath(abs, raw ?? name);
    const childRel = rel ? `${rel}/${name}` : name;
    const isLink = dirent.isSymbolicLink();
    const isDir = isLink ? await linksToFolder(walk, childAbs, childRel) : dirent.isDirectory();
    if (!isDir) continue;
    const code = findWorkCode(name.normalize('NFC'));
    const throughLink = linked || isLink;
    if (code) {
      // A work folder owns everything below it, nested work-code folders included.
      takeWorkFolder(walk, childAbs, toPosix(childRel), code, throughLink);
    } else if (isLink && !linked) {
      // Walked once every root's own folders are known.
      walk.linkedWalks.push(() => visitFolder(walk, childAbs, toPosix(childRel), true));
    } else {
      await visitFolder(walk, childAbs, toPosix(childRel), throughLink);
    }
  }
}

/**
 * A folder's entries, or null when it is left out: entered before (a loop, or a second link to
 * it) or unreadable. An unreadable folder is noted so that the works below it are kept.
 */
async function enterFolder(
  walk: RootWalk,
  abs: FsPath,
  rel: string,
  linked: boolean,
): Promise<Awaited<ReturnType<typeof namedEntries>> | null> {
  try {
    const key = await dirKey(abs);
    if (walk.visited.has(key)) {
      walk.out.issues.push(
        linked
          ? linkedFolder(displayPath(abs))
          : {
              path: displayPath(abs),
              reason: 'symlink-loop',
              message: 'symlink loop: folder already visited, skipped',
            },
      );
      return null;
    }
    walk.visited.add(key);
    return await namedEntries(abs);
  } catch (e) {
    walk.out.issues.push({
      path: displayPath(abs),
      reason: reasonOf(e),
      message: `folder skipped: ${errMessage(e)}`,
      params: causeOf(e),
    });
    walk.out.unreadable.push({ rootIndex: walk.rootIndex, relPath: rel });
    return null;
  }
}

/** Whether a symlink leads to a folder inside the library; a link left out is reported. */
async function linksToFolder(walk: RootWalk, abs: FsPath, rel: string): Promise<boolean> {
  try {
    const isDir = (await fs.stat(abs)).isDirectory();
    if (isDir && !(await linkStaysInside(abs, walk.inside))) {
      walk.out.issues.push({
        path: displayPath(abs),
        reason: 'outside-library',
        message: 'link leads outside the library: skipped',
      });
      return false;
    }
    return isDir;
  } catch (e) {
    // It may be a folder of works whose target is unmounted: keep what is indexed under it.
    walk.out.issues.push({
      path: displayPath(abs),
      reason: reasonOf(e),
      message: `link skipped: ${errMessage(e)}`,
      params: causeOf(e),
    });
    walk.out.unreadable.push({ rootIndex: walk.rootIndex, relPath: toPosix(rel) });
    return false;
  }
}

/**
 * A work folder found: taken at once when reached without a link, else checked against the
 * folders found, once every root's own folders are known.
 */
function takeWorkFolder(
  walk: RootWalk,
  abs: FsPath,
  relPath: string,
  code: WorkCode,
  throughLink: boolean,
): void {
  const folder: WorkFolder = {
    rootIndex: walk.rootIndex,
    relPath,
    absPath: displayPath(abs),
    fsPath: abs,
    code,
    id: workIdOf(code),
  };
  if (!throughLink) {
    walk.out.folders.push(folder);
    return;
  }
  walk.linkedWalks.push(async () => {
    if (await walk.alreadyFound(abs)) walk.out.issues.push(linkedFolder(folder.absPath));
    else walk.out.folders.push(folder);
  });
}

/** Entries in the order of their names' code units, so every walk meets them alike. */
function byName<T extends { name: string }>(entries: T[]): T[] {
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A link to a folder the library already holds (by its own path, or an earlier link). */
function linkedFolder(at: string): ScanIssue {
  return {
    path: at,
    reason: 'linked-folder',
    message: 'link to a folder already in the library: skipped',
  };
}

export interface TreeEntry {
  /** Path relative to the work folder, '/'-separated, as spelled on disk (a name that is not UTF-8 with U+FFFD). */
  path: string;
  /** The absolute path's bytes when a name in it is not valid UTF-8 (else the path opens it). */
  fsPath?: Buffer;
  isDir: boolean;
  /** Files only: folders carry 0 (their entries are listed themselves). */
  size: number;
  mtime: number;
}

export interface WorkTree {
  entries: TreeEntry[];
  issues: ScanIssue[];
  /** A part of the tree could not be read: the work is written but rescanned next time. */
  incomplete: boolean;
}

/** An entry left out because its name is not UTF-8 and reads, decoded, like another's. */
function ambiguousName(dir: string, name: string): ScanIssue {
  return {
    path: path.join(dir, name),
    reason: 'name-encoding',
    message: 'name is not valid UTF-8 and reads like another name in its folder: skipped',
  };
}

const dirKeySync = (abs: FsPath) => {
  const st = fsSync.statSync(abs);
  return `${st.dev}:${st.ino}`;
};

/** The listing of one work's tree, as it goes: what it found, and what a link is checked against. */
interface TreeWalk {
  tree: WorkTree;
  roots: string[];
  /** Folders listed so far. */
  entered: FsPath[];
  /** The work folder's real path (worked out at the first link to a folder). */
  workReal: () => string;
  /** A folder's device + inode, asked of the disk once. */
  keyOf: (abs: FsPath) => string;
  keys: Map<FsPath, string>;
}

/** What an entry is (for a link, what it leads to) and, for a file, its stat. */
interface EntryKind {
  isDir: boolean;
  isFile: boolean;
  st?: fsSync.Stats;
}

/**
 * The whole tree of one work folder: one readdir per folder and one stat per file, no file
 * opened. Synchronous on purpose: a rescan is nothing but these calls, and the synchronous ones
 * cost a quarter of the CPU of their promise forms; one work's tree blocks the event loop only
 * briefly, and the scan yields between works. Folders need no stat: their mtime adds nothing
 * to the signature that the names of their entries do not say, and only a symlink can lead back
 * to a folder already entered, so only linked folders are identified (device + inode).
 */
export function listWorkTree(workAbs: FsPath, roots: string[]): WorkTree {
  const tree: WorkTree = { entries: [], issues: [], incomplete: false };
  let realOfWork: string | undefined;
  const keys = new Map<FsPath, string>();
  const walk: TreeWalk = {
    tree,
    roots,
    entered: [],
    workReal: () => {
      realOfWork ??= fsSync.realpathSync(workAbs);
      return realOfWork;
    },
    keyOf: (abs) => {
      let k = keys.get(abs);
      if (k === undefined) {
        k = dirKeySync(abs);
        keys.set(abs, k);
      }
      return k;
    },
    keys,
  };
  visitTree(walk, workAbs, '');
  return tree;
}

/** Lists one folder of the work into the tree, and the folders below it. */
function visitTree(walk: TreeWalk, abs: FsPath, rel: string): void {
  const { tree } = walk;
  let listed: ReturnType<typeof namedEntriesSync>;
  try {
    listed = namedEntriesSync(abs, fsSync.readdirSync(abs, { withFileTypes: true }));
    walk.entered.push(abs);
  } catch (e) {
    // The work folder itself unreadable is the work's failure, not a part left out.
    if (!rel) throw e;
    tree.issues.push({
      path: displayPath(abs),
      reason: reasonOf(e),
      message: `folder skipped: ${errMessage(e)}`,
      params: causeOf(e),
    });
    tree.incomplete = true;
    return;
  }
  for (const name of listed.ambiguous.filter((n) => !isIgnoredName(n)))
    tree.issues.push(ambiguousName(displayPath(abs), name));
  for (const { name, raw, dirent } of byName(listed.entries)) {
    if (isIgnoredName(name)) continue;
    const childAbs = joinFsPath(abs, raw ?? name);
    // Names are kept as on disk (NFC or NFD): the path must open the file again.
    const childRel = rel ? `${rel}/${name}` : name;
    const kind = entryKind(walk, childAbs, dirent);
    if (!kind) continue;
    const bytes = typeof childAbs === 'string' ? undefined : childAbs;
    if (kind.isDir) {
      tree.entries.push({ path: childRel, isDir: true, size: 0, mtime: 0, fsPath: bytes });
      visitTree(walk, childAbs, childRel);
    } else if (kind.isFile && kind.st) {
      tree.entries.push({
        path: childRel,
        isDir: false,
        size: kind.st.size,
        mtime: Math.trunc(kind.st.mtimeMs),
        fsPath: bytes,
      });
    }
  }
}

/** What an entry is, or null when it is left out (the reason reported in the tree's issues). */
function entryKind(
  walk: TreeWalk,
  abs: FsPath,
  dirent: fsSync.Dirent | fsSync.Dirent<Buffer>,
): EntryKind | null {
  try {
    if (dirent.isSymbolicLink()) return followLink(walk, abs);
    const isFile = dirent.isFile();
    return { isDir: dirent.isDirectory(), isFile, st: isFile ? fsSync.statSync(abs) : undefined };
  } catch (e) {
    walk.tree.issues.push({
      path: displayPath(abs),
      reason: reasonOf(e),
      message: `skipped: ${errMessage(e)}`,
      params: causeOf(e),
    });
    return null;
  }
}

/** What a link leads to, or null when that is outside the library or a loop. Throws what stat throws. */
function followLink(walk: TreeWalk, abs: FsPath): EntryKind | null {
  const target = fsSync.statSync(abs);
  const real = fsSync.realpathSync(abs);
  if (!insideAny(walk.roots, real)) {
    walk.tree.issues.push({
      path: displayPath(abs),
      reason: 'outside-library',
      message: 'link leads outside the library: skipped',
    });
    return null;
  }
  const isDir = target.isDirectory();
  const key = `${target.dev}:${target.ino}`;
  // The work folder itself or one of its ancestors (`ln -s .. up`) would pull the whole
  // library into this work; a folder already entered would list its files twice.
  if (isDir && (insideAny([real], walk.workReal()) || walk.entered.some((d) => walk.keyOf(d) === key))) {
    walk.tree.issues.push({
      path: displayPath(abs),
      reason: 'symlink-loop',
      message: 'symlink loop: folder already visited, skipped',
    });
    return null;
  }
  if (isDir) walk.keys.set(abs, key);
  return { isDir, isFile: target.isFile(), st: target };
}
