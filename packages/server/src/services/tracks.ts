/**
 * The track tree of a work (`GET /api/tracks/{id}`): folders from the files' relative paths,
 * each level in natural name order with folders first, files with absolute media URLs, exact
 * sizes, and on audio files the subtitle files linked to them (`files.audio_file_id`) as
 * `availableLyrics` with confidence 1. Subtitle files also stay in the tree as text nodes.
 */
import type { Lyric, TrackFile, TrackFolder, TrackNode, WorkRef } from '@sasayaki/contract';
import type { Db } from '../db/connect.ts';
import { filesOfWork, fileWithLinked } from '../repositories/files.ts';
import { findWorkRef } from '../repositories/works.ts';
import { compareNames } from './naturalSort.ts';

export interface TrackUrls {
  baseUrl: string;
  /** Whether low-quality transcodes can be made (ffmpeg found at startup). */
  lowQuality: boolean;
}

export const mediaUrls = (baseUrl: string, fileId: number) => ({
  mediaStreamUrl: `${baseUrl}/api/media/stream/${fileId}`,
  mediaDownloadUrl: `${baseUrl}/api/media/download/${fileId}`,
});

/** A file's name without its folders: the title of its node. */
export const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The tree, or null when the work does not exist. */
export async function trackTree(t: Db, workId: number, urls: TrackUrls): Promise<TrackNode[] | null> {
  const work = await findWorkRef(t, workId);
  if (!work) return null;
  const files = await filesOfWork(t, workId);
  const ref: WorkRef = { id: work.id, source_id: work.source_id, source_type: work.source_type };

  const lyricsOf = new Map<number, Lyric[]>();
  for (const f of files) {
    if (f.audio_file_id === null) continue;
    const list = lyricsOf.get(f.audio_file_id) ?? [];
    list.push({
      title: baseName(f.path),
      confidence: 1,
      mediaDownloadUrl: mediaUrls(urls.baseUrl, f.id).mediaDownloadUrl,
      hash: `${work.id}/${f.id}`,
    });
    lyricsOf.set(f.audio_file_id, list);
  }

  const root: TrackFolder = { type: 'folder', title: '', children: [] };
  const folders = new Map<string, TrackFolder>([['', root]]);
  const folderOf = (dir: string): TrackFolder => {
    const found = folders.get(dir);
    if (found) return found;
    const cut = dir.lastIndexOf('/');
    const parent = folderOf(cut < 0 ? '' : dir.slice(0, cut));
    const folder: TrackFolder = { type: 'folder', title: dir.slice(cut + 1), children: [] };
    parent.children.push(folder);
    folders.set(dir, folder);
    return folder;
  };

  for (const f of files) {
    // Only clean relative paths make tree nodes (the scanner writes no others).
    if (f.path.split('/').some((seg) => seg === '' || seg === '.' || seg === '..')) continue;
    if (f.type === 'folder') {
      // The scanner also records folders (empty ones included): they become folder nodes.
      folderOf(f.path);
      continue;
    }
    const cut = f.path.lastIndexOf('/');
    const type = (['audio', 'text', 'image'].includes(f.type) ? f.type : 'other') as TrackFile['type'];
    const node: TrackFile = {
      type,
      hash: `${work.id}/${f.id}`,
      title: baseName(f.path),
      work: ref,
      workTitle: work.title,
      ...mediaUrls(urls.baseUrl, f.id),
      streamLowQualityUrl:
        type === 'audio' && urls.lowQuality ? `${urls.baseUrl}/api/media/stream-lq/${f.id}` : '',
      size: Number(f.size),
    };
    if (type === 'audio') {
      node.duration = f.duration === null ? 0 : Number(f.duration);
      node.availableLyrics = (lyricsOf.get(f.id) ?? []).sort((a, b) => compareNames(a.title, b.title));
    }
    folderOf(cut < 0 ? '' : f.path.slice(0, cut)).children.push(node);
  }
  sortTree(root.children);
  return root.children;
}

function sortTree(nodes: TrackNode[]): void {
  nodes.sort((a, b) => {
    if ((a.type === 'folder') !== (b.type === 'folder')) return a.type === 'folder' ? -1 : 1;
    return compareNames(a.title, b.title);
  });
  for (const n of nodes) if (n.type === 'folder') sortTree(n.children);
}

/**
 * The LRC file linked to a file of a work (`GET /api/media/check-lrc/{workId}/{fileId}`): its
 * id, or null when none is linked. LRC only, because the kikoeru front end feeds the text it
 * fetches to an LRC parser; the other subtitle formats reach clients through `availableLyrics`.
 * Several LRC files on one track: the first in name order, as `availableLyrics` lists them.
 * Undefined when the work has no such file.
 */
export async function linkedLrcOf(t: Db, workId: number, fileId: number): Promise<number | null | undefined> {
  const files = await fileWithLinked(t, workId, fileId);
  if (!files.some((f) => f.id === fileId)) return undefined;
  const lrc = files
    .filter((f) => f.audio_file_id === fileId && /\.lrc$/i.test(f.path))
    .sort((a, b) => compareNames(baseName(a.path), baseName(b.path)))[0];
  return lrc ? lrc.id : null;
}
