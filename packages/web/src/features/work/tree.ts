/** File tree logic of docs/product.md §2.7 and §9: folder paths, collapsed single-child chains, the initial folder. */
import type { TrackFile, TrackFolder, TrackNode } from '@sasayaki/contract';

export const VIDEO_EXTENSIONS = ['mp4', 'avi', 'mkv'] as const;

export const isFolder = (n: TrackNode): n is TrackFolder => n.type === 'folder';

/** The children shown at a path of folder titles; an unknown path falls back to the top. */
export function childrenAt(tree: TrackNode[], path: string[]): { nodes: TrackNode[]; path: string[] } {
  let nodes = tree;
  for (let i = 0; i < path.length; i++) {
    const next = nodes.find((n) => isFolder(n) && n.title === path[i]);
    if (!next || !isFolder(next)) return { nodes: tree, path: [] };
    nodes = next.children;
  }
  return { nodes, path };
}

/**
 * A folder whose only child is a folder is shown as one entry: its titles joined, opening the
 * deepest one (docs/product.md §2.7).
 */
export function collapsedChain(folder: TrackFolder): string[] {
  const titles = [folder.title];
  let f = folder;
  while (f.children.length === 1 && isFolder(f.children[0]!)) {
    f = f.children[0] as TrackFolder;
    titles.push(f.title);
  }
  return titles;
}

/** The path down from the top while each level holds a single folder and nothing else. */
export function singleChildPath(tree: TrackNode[]): string[] {
  const path: string[] = [];
  let nodes = tree;
  while (nodes.length === 1 && isFolder(nodes[0]!)) {
    path.push(nodes[0].title);
    nodes = nodes[0].children;
  }
  return path;
}

interface AudioFolder {
  path: string[];
  duration: number;
}

function audioFolders(nodes: TrackNode[], path: string[], out: AudioFolder[]): AudioFolder[] {
  const audio = nodes.filter((n): n is TrackFile => n.type === 'audio');
  if (audio.length > 0) out.push({ path, duration: audio.reduce((s, a) => s + (a.duration ?? 0), 0) });
  for (const n of nodes) if (isFolder(n)) audioFolders(n.children, [...path, n.title], out);
  return out;
}

/**
 * docs/product.md §9: with more than 6 folders holding audio, keep the single-child path; otherwise open the
 * folder with the longest total audio duration (the first one on a tie).
 */
export function initialPath(tree: TrackNode[], behavior: 'auto' | 'root' = 'auto'): string[] {
  if (behavior === 'root') return [];
  const folders = audioFolders(tree, [], []);
  if (folders.length === 0 || folders.length > 6) return singleChildPath(tree);
  return folders.reduce((best, f) => (f.duration > best.duration ? f : best)).path;
}

export type FileAction = 'play' | 'open' | 'stream' | 'download';

/** What a click on a file does: audio plays, text and images open, videos stream, the rest downloads. */
export function fileAction(file: TrackFile): FileAction {
  if (file.type === 'audio') return 'play';
  if (file.type === 'text' || file.type === 'image') return 'open';
  const ext = file.title.split('.').pop()?.toLowerCase() ?? '';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'stream';
  return 'download';
}

/** Every file below some nodes, depth first. */
export function filesOf(nodes: TrackNode[]): TrackFile[] {
  return nodes.flatMap((n) => (isFolder(n) ? filesOf(n.children) : [n]));
}

/** Every audio file of a tree, depth first, in display order: what "play all" queues. */
export function audioFilesOf(nodes: TrackNode[]): TrackFile[] {
  return filesOf(nodes).filter((f) => f.type === 'audio');
}

/** `?path=[...]#work-tree` of a folder (docs/product.md §2.7). */
export function treeSearch(path: string[]): string {
  return path.length === 0 ? '' : `?${new URLSearchParams({ path: JSON.stringify(path) })}`;
}

export function readTreePath(q: URLSearchParams): string[] | null {
  const raw = q.get('path');
  if (raw === null) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
  } catch {
    return null;
  }
}
