/**
 * Links subtitle files to the audio they belong to, in the same folder:
 * `01.mp3` ↔ `01.mp3.vtt` (full name) or `01.lrc` / `01.vtt` / `01.srt` / `01.ass` (base name).
 */
import path from 'node:path';
import { isSubtitle } from './fileTypes.ts';

interface Linkable {
  path: string;
  type: string;
}

const stripExt = (name: string) => {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(0, i) : name;
};

/** Subtitle path → audio path. A full-name match beats a base-name match. */
export function linkSubtitles(files: Linkable[]): Map<string, string> {
  const audioByDir = new Map<string, Linkable[]>();
  for (const f of files) {
    if (f.type !== 'audio') continue;
    const dir = path.posix.dirname(f.path);
    const list = audioByDir.get(dir) ?? [];
    list.push(f);
    audioByDir.set(dir, list);
  }
  const links = new Map<string, string>();
  for (const f of files) {
    if (f.type === 'folder' || !isSubtitle(f.path)) continue;
    const audio = audioByDir.get(path.posix.dirname(f.path));
    if (!audio) continue;
    const stem = stripExt(path.posix.basename(f.path)).normalize('NFC');
    const full = audio.find((a) => path.posix.basename(a.path).normalize('NFC') === stem);
    const base = audio
      .filter((a) => stripExt(path.posix.basename(a.path)).normalize('NFC') === stem)
      .sort((a, b) => (a.path < b.path ? -1 : 1))[0];
    const target = full ?? base;
    if (target) links.set(f.path, target.path);
  }
  return links;
}
