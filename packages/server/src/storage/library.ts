/**
 * The library on disk, behind one door: one `Root` per configured library root, made once at
 * start from the config. A work's file is reached by the work's root index, its folder and the
 * catalogue path; the root refuses anything that leads outside it (storage/root.ts).
 */
import { Root, StorageError } from './root.ts';

interface WorkLocation {
  root_index: number;
  folder_path: string;
}

export class Library {
  readonly roots: readonly Root[];

  constructor(rootDirs: readonly string[]) {
    this.roots = rootDirs.map((dir) => new Root(dir));
  }

  /** The root and root-relative path of a catalogued file; `missing` when its root is gone. */
  locate(work: WorkLocation, filePath: string): { root: Root; rel: string } {
    const root = this.roots[work.root_index];
    if (!root) throw new StorageError('missing', filePath);
    // Joined as text, not normalised: a `..` in either part is refused by the root.
    return { root, rel: work.folder_path ? `${work.folder_path}/${filePath}` : filePath };
  }
}
