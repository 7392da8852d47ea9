/**
 * The library on disk, behind one door: one `Root` per library root in effect, by the key its
 * works keep (`works.root_index`; services/libraryRoots.ts). The roots change while serving when
 * an administrator adds or removes one (`setRoots`). A work's file is reached by the work's root
 * key, its folder and the catalogue path; the root refuses anything that leads outside it
 * (storage/root.ts).
 */
import { Root, StorageError } from './root.ts';

interface WorkLocation {
  root_index: number;
  folder_path: string;
}

export class Library {
  private byKey = new Map<number, Root>();

  /** Roots by position: keys 0, 1, … (the SASAYAKI_LIBRARY roots). */
  constructor(rootDirs: readonly string[] = []) {
    this.setRoots(rootDirs.map((path, id) => ({ id, path })));
  }

  /** The roots in effect now; a root whose folder is unchanged keeps its resolved real path. */
  setRoots(roots: readonly { id: number; path: string }[]): void {
    const next = new Map<number, Root>();
    for (const { id, path } of roots) {
      const same = this.byKey.get(id);
      next.set(id, same && same.dir === path ? same : new Root(path));
    }
    this.byKey = next;
  }

  /** The root and root-relative path of a catalogued file; `missing` when its root is gone. */
  locate(work: WorkLocation, filePath: string): { root: Root; rel: string } {
    const root = this.byKey.get(work.root_index);
    if (!root) throw new StorageError('missing', filePath);
    // Joined as text, not normalised: a `..` in either part is refused by the root.
    return { root, rel: work.folder_path ? `${work.folder_path}/${filePath}` : filePath };
  }
}
