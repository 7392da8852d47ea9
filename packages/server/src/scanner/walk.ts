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

/**
 * Every work folder under the roots, in a stable (sorted) order. Each root's own folders are
 * walked first and linked folders after them, so a link to a folder the library already holds
 * adds nothing (reported as `linked-folder`) whatever the names' order; a work folder reached
 * only through links is indexed once, at its first linked path.
 */
export async function findWorkFolders(roots: string[]): Promise<Discovery> {
  const out: Discovery = { folders: [], issues: [], unreadable: [] };
  const inside = await realRoots(roots);
  /** Real paths of the work folders found so far (only needed once a link is met). */
  let realWorkPaths: Set<string> | null = null;
  const linkedWalks: (() => Promise<void>)[] = [];
  const rootReals = await Promise.all(roots.map((r) => fs.realpath(r).catch(() => undefined)));
  // A folder reached without a link is its root's real path and its own relative path.
  const realPathOf = async (f: WorkFolder) => {
    const rootReal = rootReals[f.rootIndex];
    return rootReal && typeof f.fsPath === 'string'
      ? path.join(rootReal, f.relPath)
      : String(await fs.realpath(f.fsPath).catch(() => f.absPath));
  };
  for (const [rootIndex, root] of roots.entries()) {
    const visited = new Set<string>();
    const visit = async (abs: FsPath, rel: string, linked: boolean): Promise<void> => {
      let listed: Awaited<ReturnType<typeof namedEntries>>;
      try {
        const key = await dirKey(abs);
        if (visited.has(key)) {
          out.issues.push(
            linked
              ? linkedFolder(displayPath(abs))
              : {
                  path: displayPath(abs),
                  reason: 'symlink-loop',
                  message: 'symlink loop: folder already visited, skipped',
                },
          );
          return;
        }
        visited.add(key);
        listed = await namedEntries(abs);
      } catch (e) {
        out.issues.push({
          path: displayPath(abs),
          reason: reasonOf(e),
          message: `folder skipped: ${errMessage(e)}`,
          params: causeOf(e),
        });
        out.unreadable.push({ rootIndex, relPath: rel });
        return;
      }
      for (const name of listed.ambiguous.filter((n) => !isIgnoredName(n)))
        out.issues.push(ambiguousName(displayPath(abs), name));
      const entries = listed.entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const { name, raw, dirent: ent } of entries) {
        if (isIgnoredName(name)) continue;
        const childAbs = joinFsPath(abs, raw ?? name);
        const childRel = rel ? `${rel}/${name}` : name;
        let isDir = ent.isDirectory();
        const isLink = ent.isSymbolicLink();
        if (isLink) {
          try {
            isDir = (await fs.stat(childAbs)).isDirectory();
            if (isDir && !(await linkStaysInside(childAbs, inside))) {
              out.issues.push({
                path: displayPath(childAbs),
                reason: 'outside-library',
                message: 'link leads outside the library: skipped',
              });
              continue;
            }
          } catch (e) {
            // It may be a folder of works whose target is unmounted: keep what is indexed under it.
            out.issues.push({
              path: displayPath(childAbs),
              reason: reasonOf(e),
              message: `link skipped: ${errMessage(e)}`,
              params: causeOf(e),
            });
            out.unreadable.push({ rootIndex, relPath: toPosix(childRel) });
            continue;
          }
        }
        if (!isDir) continue;
        const code = findWorkCode(name.normalize('NFC'));
        const throughLink = linked || isLink;
        if (code) {
          // A work folder owns everything below it, nested work-code folders included.
          const folder: WorkFolder = {
            rootIndex,
            relPath: toPosix(childRel),
            absPath: displayPath(childAbs),
            fsPath: childAbs,
            code,
            id: workIdOf(code),
          };
          if (!throughLink) {
            out.folders.push(folder);
            continue;
          }
          linkedWalks.push(async () => {
            realWorkPaths ??= new Set(await Promise.all(out.folders.map(realPathOf)));
            const real = String(await fs.realpath(childAbs).catch(() => ''));
            if (realWorkPaths.has(real)) {
              out.issues.push(linkedFolder(folder.absPath));
              return;
            }
            realWorkPaths.add(real);
            out.folders.push(folder);
          });
        } else if (isLink && !linked) {
          // Walked once every root's own folders are known.
          linkedWalks.push(() => visit(childAbs, toPosix(childRel), true));
        } else {
          await visit(childAbs, toPosix(childRel), throughLink);
        }
      }
    };
    await visit(root, '', false);
  }
  // A linked walk may find more links: they queue behind it.
  for (let i = 0; i < linkedWalks.length; i++) await linkedWalks[i]!();
  return out;
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
  const entered: FsPath[] = [];
  let realOfWork: string | undefined;
  const workReal = () => {
    realOfWork ??= fsSync.realpathSync(workAbs);
    return realOfWork;
  };
  const keys = new Map<FsPath, string>();
  const keyOf = (abs: FsPath) => {
    let k = keys.get(abs);
    if (k === undefined) {
      k = dirKeySync(abs);
      keys.set(abs, k);
    }
    return k;
  };
  const visit = (abs: FsPath, rel: string): void => {
    let listed: ReturnType<typeof namedEntriesSync>;
    try {
      listed = namedEntriesSync(abs, fsSync.readdirSync(abs, { withFileTypes: true }));
      entered.push(abs);
    } catch (e) {
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
    const dirents = listed.entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const { name, raw, dirent } of dirents) {
      if (isIgnoredName(name)) continue;
      const childAbs = joinFsPath(abs, raw ?? name);
      // Names are kept as on disk (NFC or NFD): the path must open the file again.
      const childRel = rel ? `${rel}/${name}` : name;
      let st: import('node:fs').Stats | undefined;
      let isDir = dirent.isDirectory();
      let isFile = dirent.isFile();
      try {
        if (dirent.isSymbolicLink()) {
          const target = fsSync.statSync(childAbs);
          st = target;
          const real = fsSync.realpathSync(childAbs);
          if (!insideAny(roots, real)) {
            tree.issues.push({
              path: displayPath(childAbs),
              reason: 'outside-library',
              message: 'link leads outside the library: skipped',
            });
            continue;
          }
          isDir = target.isDirectory();
          isFile = target.isFile();
          const key = `${target.dev}:${target.ino}`;
          // The work folder itself or one of its ancestors (`ln -s .. up`) would pull the whole
          // library into this work; a folder already entered would list its files twice.
          if (isDir && (insideAny([real], workReal()) || entered.some((d) => keyOf(d) === key))) {
            tree.issues.push({
              path: displayPath(childAbs),
              reason: 'symlink-loop',
              message: 'symlink loop: folder already visited, skipped',
            });
            continue;
          }
          if (isDir) keys.set(childAbs, key);
        } else if (isFile) {
          st = fsSync.statSync(childAbs);
        }
      } catch (e) {
        tree.issues.push({
          path: displayPath(childAbs),
          reason: reasonOf(e),
          message: `skipped: ${errMessage(e)}`,
          params: causeOf(e),
        });
        continue;
      }
      const bytes = typeof childAbs === 'string' ? undefined : childAbs;
      if (isDir) {
        tree.entries.push({ path: childRel, isDir: true, size: 0, mtime: 0, fsPath: bytes });
        visit(childAbs, childRel);
      } else if (isFile && st) {
        tree.entries.push({
          path: childRel,
          isDir: false,
          size: st.size,
          mtime: Math.trunc(st.mtimeMs),
          fsPath: bytes,
        });
      }
    }
  };
  visit(workAbs, '');
  return tree;
}
