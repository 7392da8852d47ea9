/**
 * File-system walking: finding work folders under the library roots, and listing one work's
 * tree. Symlinks are followed but every directory is entered once (by device + inode), so a
 * symlink loop ends; unreadable entries are reported and skipped.
 */
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { findWorkCode, type WorkCode, workIdOf } from '@sasayaki/contract/workCode';

export interface ScanIssue {
  path: string;
  message: string;
}

export interface WorkFolder {
  rootIndex: number;
  /** Folder relative to its root, '/'-separated. */
  relPath: string;
  absPath: string;
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
async function linkStaysInside(abs: string, roots: string[]): Promise<boolean> {
  return insideAny(roots, await fs.realpath(abs));
}

async function dirKey(abs: string): Promise<string> {
  const st = await fs.stat(abs);
  return `${st.dev}:${st.ino}`;
}

/** Every work folder under the roots, in a stable (sorted) order. */
export async function findWorkFolders(roots: string[]): Promise<Discovery> {
  const out: Discovery = { folders: [], issues: [], unreadable: [] };
  const inside = await realRoots(roots);
  for (const [rootIndex, root] of roots.entries()) {
    const visited = new Set<string>();
    const visit = async (abs: string, rel: string): Promise<void> => {
      let entries: import('node:fs').Dirent[];
      try {
        const key = await dirKey(abs);
        if (visited.has(key)) {
          out.issues.push({ path: abs, message: 'symlink loop: folder already visited, skipped' });
          return;
        }
        visited.add(key);
        entries = await fs.readdir(abs, { withFileTypes: true });
      } catch (e) {
        out.issues.push({ path: abs, message: `folder skipped: ${errMessage(e)}` });
        out.unreadable.push({ rootIndex, relPath: rel });
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const ent of entries) {
        if (isIgnoredName(ent.name)) continue;
        const childAbs = path.join(abs, ent.name);
        const childRel = rel ? `${rel}/${ent.name}` : ent.name;
        let isDir = ent.isDirectory();
        if (ent.isSymbolicLink()) {
          try {
            isDir = (await fs.stat(childAbs)).isDirectory();
            if (isDir && !(await linkStaysInside(childAbs, inside))) {
              out.issues.push({ path: childAbs, message: 'link leads outside the library: skipped' });
              continue;
            }
          } catch (e) {
            // It may be a folder of works whose target is unmounted: keep what is indexed under it.
            out.issues.push({ path: childAbs, message: `link skipped: ${errMessage(e)}` });
            out.unreadable.push({ rootIndex, relPath: toPosix(childRel) });
            continue;
          }
        }
        if (!isDir) continue;
        const code = findWorkCode(ent.name.normalize('NFC'));
        if (code) {
          // A work folder owns everything below it, nested work-code folders included.
          out.folders.push({
            rootIndex,
            relPath: toPosix(childRel),
            absPath: childAbs,
            code,
            id: workIdOf(code),
          });
        } else {
          await visit(childAbs, toPosix(childRel));
        }
      }
    };
    await visit(root, '');
  }
  return out;
}

export interface TreeEntry {
  /** Path relative to the work folder, '/'-separated, as spelled on disk. */
  path: string;
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

const dirKeySync = (abs: string) => {
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
export function listWorkTree(workAbs: string, roots: string[]): WorkTree {
  const tree: WorkTree = { entries: [], issues: [], incomplete: false };
  const entered: string[] = [];
  const keys = new Map<string, string>();
  const keyOf = (abs: string) => {
    let k = keys.get(abs);
    if (k === undefined) {
      k = dirKeySync(abs);
      keys.set(abs, k);
    }
    return k;
  };
  const visit = (abs: string, rel: string): void => {
    let dirents: import('node:fs').Dirent[];
    try {
      dirents = fsSync.readdirSync(abs, { withFileTypes: true });
      entered.push(abs);
    } catch (e) {
      if (!rel) throw e;
      tree.issues.push({ path: abs, message: `folder skipped: ${errMessage(e)}` });
      tree.incomplete = true;
      return;
    }
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const dirent of dirents) {
      const name = dirent.name;
      if (isIgnoredName(name)) continue;
      const childAbs = path.join(abs, name);
      // Names are kept as on disk (NFC or NFD): the path must open the file again.
      const childRel = rel ? `${rel}/${name}` : name;
      let st: import('node:fs').Stats | undefined;
      let isDir = dirent.isDirectory();
      let isFile = dirent.isFile();
      try {
        if (dirent.isSymbolicLink()) {
          const target = fsSync.statSync(childAbs);
          st = target;
          if (!insideAny(roots, fsSync.realpathSync(childAbs))) {
            tree.issues.push({ path: childAbs, message: 'link leads outside the library: skipped' });
            continue;
          }
          isDir = target.isDirectory();
          isFile = target.isFile();
          const key = `${target.dev}:${target.ino}`;
          if (isDir && entered.some((d) => keyOf(d) === key)) {
            tree.issues.push({ path: childAbs, message: 'symlink loop: folder already visited, skipped' });
            continue;
          }
          if (isDir) keys.set(childAbs, key);
        } else if (isFile) {
          st = fsSync.statSync(childAbs);
        }
      } catch (e) {
        tree.issues.push({ path: childAbs, message: `skipped: ${errMessage(e)}` });
        continue;
      }
      if (isDir) {
        tree.entries.push({ path: childRel, isDir: true, size: 0, mtime: 0 });
        visit(childAbs, childRel);
      } else if (isFile && st) {
        tree.entries.push({ path: childRel, isDir: false, size: st.size, mtime: Math.trunc(st.mtimeMs) });
      }
    }
  };
  visit(workAbs, '');
  return tree;
}
