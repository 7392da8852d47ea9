/** Derived work values: the tree signature, total duration and the search text. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { WorkMetadata } from '../metadata/types.ts';
import type { TreeEntry } from './walk.ts';

/** Bump when the scanner learns something new, so every work is refreshed once. */
export const SCANNER_VERSION = 2;

/** Names, sizes and mtimes of the whole tree: equal signature → nothing to do for the work. */
export function treeSignature(entries: TreeEntry[]): string {
  const h = createHash('sha1').update(`v${SCANNER_VERSION}\n`);
  for (const e of entries) h.update(`${e.path}\t${e.isDir ? 'd' : e.size}\t${e.mtime}\n`);
  return h.digest('hex');
}

const stem = (p: string) => {
  const b = path.posix.basename(p);
  const i = b.lastIndexOf('.');
  return (i > 0 ? b.slice(0, i) : b).normalize('NFC').toLowerCase();
};

/**
 * Total seconds of a work. Folders holding the same track names (`mp3/` and `wav/`, `本編/` and
 * `SE無し/`) are versions of one recording: each such group counts once, by its longest folder.
 * Folders with different tracks add up.
 */
export function workDuration(audio: { path: string; duration: number }[]): number {
  const byFolder = new Map<string, { stems: Set<string>; seconds: number }>();
  for (const a of audio) {
    const dir = path.posix.dirname(a.path);
    const f = byFolder.get(dir) ?? { stems: new Set(), seconds: 0 };
    f.stems.add(stem(a.path));
    f.seconds += a.duration;
    byFolder.set(dir, f);
  }
  const groups = new Map<string, number>();
  for (const f of byFolder.values()) {
    const key = [...f.stems].sort().join('\n');
    groups.set(key, Math.max(groups.get(key) ?? 0, f.seconds));
  }
  let total = 0;
  for (const s of groups.values()) total += s;
  return Math.round(total);
}

/** Lower-cased title, circle, voice actors and every tag name in every locale. */
export function searchText(meta: WorkMetadata): string {
  const parts = [meta.title, ...meta.altTitles, meta.circle?.name ?? '', ...meta.vas];
  for (const t of meta.tags) parts.push(t.name, t.en ?? '', t.ja ?? '', t.zh ?? '');
  return [...new Set(parts.map((p) => p.normalize('NFKC').toLowerCase().trim()).filter(Boolean))].join(' ');
}

/** A stable pseudo-random 31-bit key per work id: the `random` order without a seed. */
export function randomKeyOf(id: number): number {
  let h = Math.imul(id ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 1;
}

/** A stable positive id for a circle or tag known only by name (above the store's id range). */
export function syntheticId(name: string): number {
  const h = createHash('sha1').update(name.normalize('NFC')).digest();
  return 1_000_000_000 + (h.readUInt32BE(0) % 1_000_000_000);
}
