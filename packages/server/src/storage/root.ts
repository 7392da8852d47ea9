/**
 * One directory tree on disk (a library root, or a cache folder of the data directory), reached
 * only by paths relative to it. The traversal rule lives here, once:
 *   - a path is relative, `/`-separated, without `..` segments or NUL bytes;
 *   - what is opened must, once opened, lie under the root's real path. Symlinks that stay
 *     inside the root are followed (the scanner indexes them); one that leads out is refused,
 *     even when it was planted while the request ran, because the check is made on the opened
 *     descriptor after `open`, never on the path before it.
 * Files are opened with O_NONBLOCK, so a FIFO swapped in for a file cannot hang the open; only
 * regular files (or directories, for `list`) are accepted.
 */
import fs, { constants, type Dirent, type Stats } from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { displayPath, REPLACEMENT, resolveDisplayPath } from './byteNames.ts';

export type StorageFailure = 'outside' | 'missing' | 'not-a-file';

/** Why a path was refused: `outside` the root, `missing` (or unreadable), or `not-a-file`. */
export class StorageError extends Error {
  constructor(
    readonly reason: StorageFailure,
    readonly relPath: string,
  ) {
    super(`${relPath}: ${reason}`);
  }
}

/** An opened regular file: read it through `handle` (the caller closes it), never by path again. */
export interface OpenedFile {
  handle: FileHandle;
  stat: Stats;
  /** Lexical absolute path, for messages and for proxies that re-open the file themselves. */
  abs: string;
  /**
   * The bytes of the path relative to the root, when a name in it is not valid UTF-8 (`abs` and
   * the catalogue show such names with U+FFFD; storage/byteNames.ts): for proxies.
   */
  rawRel?: Buffer;
  /** The bytes of the absolute path, in the same case. */
  rawAbs?: Buffer;
}

const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'EPERM', 'ENAMETOOLONG']);

/** Linux names every open descriptor under /proc/self/fd: checks and listings by descriptor. */
const PROC_FD = fs.existsSync('/proc/self/fd');

function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export class Root {
  private real: Promise<string> | null = null;

  constructor(readonly dir: string) {}

  /** Absolute path of `rel` under the root; refuses absolute paths, `..` segments and NUL bytes. */
  pathOf(rel: string): string {
    if (rel.includes('\0') || path.isAbsolute(rel) || rel.split(/[/\\]/).includes('..')) {
      throw new StorageError('outside', rel);
    }
    return path.join(this.dir, rel);
  }

  /** Opens a regular file for reading. */
  async open(rel: string): Promise<OpenedFile> {
    const opened = await this.openChecked(rel, constants.O_RDONLY | constants.O_NONBLOCK);
    if (!opened.stat.isFile()) {
      await opened.handle.close();
      throw new StorageError('not-a-file', rel);
    }
    return opened;
  }

  /** Stat of a file or folder under the root. */
  async stat(rel: string): Promise<Stats> {
    const { handle, stat } = await this.openChecked(rel, constants.O_RDONLY | constants.O_NONBLOCK);
    await handle.close();
    return stat;
  }

  /** The whole content of a file under the root. */
  async readFile(rel: string): Promise<Buffer> {
    const { handle } = await this.open(rel);
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  /** The entries of a folder under the root (names and types; links are reported as links). */
  async list(rel: string): Promise<Dirent[]> {
    const { handle, abs } = await this.openChecked(
      rel,
      constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NONBLOCK,
    );
    try {
      // By descriptor where the system allows it: the folder that was checked is the one listed.
      const dir = PROC_FD ? `/proc/self/fd/${handle.fd}` : await fsp.realpath(abs);
      return await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      throw this.failure(err, rel);
    } finally {
      await handle.close();
    }
  }

  private async openChecked(rel: string, flags: number): Promise<OpenedFile> {
    const abs = this.pathOf(rel);
    // A name shown with U+FFFD is reached by its bytes (storage/byteNames.ts).
    const raw = rel.includes(REPLACEMENT) ? await resolveDisplayPath(this.dir, rel) : undefined;
    if (raw === null) throw new StorageError('missing', rel);
    const target = raw ? raw.abs : abs;
    let handle: FileHandle;
    try {
      handle = await fsp.open(target, flags);
    } catch (err) {
      throw this.failure(err, rel);
    }
    try {
      const stat = await handle.stat();
      await this.confirmInside(rel, target, handle, stat);
      if (!raw) return { handle, stat, abs };
      return { handle, stat, abs, rawRel: raw.rel, rawAbs: raw.abs };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  /**
   * The opened descriptor lies inside the root. On Linux the kernel names the file a descriptor
   * refers to (/proc/self/fd): that name is checked, so nothing swapped on the path after `open`
   * matters. Elsewhere the path's real location is resolved and must be the opened file itself
   * (same device and inode, compared without following a last link); that comparison is made
   * after `open` too, but a directory swapped between the two steps could still pass there.
   */
  private async confirmInside(
    rel: string,
    abs: string | Buffer,
    handle: FileHandle,
    opened: Stats,
  ): Promise<void> {
    const root = await this.realRoot();
    let real: string;
    let same = true;
    try {
      if (PROC_FD) {
        real = await fsp.readlink(`/proc/self/fd/${handle.fd}`);
      } else {
        const realBytes = await fsp.realpath(abs, { encoding: 'buffer' });
        real = displayPath(realBytes);
        const there = await fsp.lstat(realBytes);
        same = there.dev === opened.dev && there.ino === opened.ino;
      }
    } catch (err) {
      throw this.failure(err, rel);
    }
    if (!same || !isInside(root, real)) throw new StorageError('outside', rel);
  }

  private realRoot(): Promise<string> {
    if (!this.real) {
      const pending = fsp.realpath(this.dir);
      this.real = pending;
      // A root that is missing now may be mounted later: a failure is not remembered.
      pending.catch(() => {
        if (this.real === pending) this.real = null;
      });
    }
    return this.real.catch((err) => {
      throw this.failure(err, '.');
    });
  }

  private failure(err: unknown, rel: string): Error {
    if (err instanceof StorageError) return err;
    const code = (err as NodeJS.ErrnoException).code;
    return code && MISSING_CODES.has(code) ? new StorageError('missing', rel) : (err as Error);
  }
}
