/**
 * The track tree of a work (`GET /api/tracks/{id}`): folders from the files' relative paths,
 * each level in natural name order with folders first, files with absolute media URLs, exact
 * sizes, and on audio files the subtitle files linked to them (`files.audio_file_id`) as
 * `availableLyrics` with confidence 1. Subtitle files also stay in the tree as text nodes.
 */
import type { Lyric, TrackFile, TrackFolder, TrackNode, WorkRef } from '@sasayaki/contract';
import type { Db } from '../db/connect.ts';
import {
  audioCounts,
  audioFilesLike,
  filesOfWork,
  fileWithLinked,
  workOfAudioFile,
} from '../repositories/files.ts';
import { findWorkRef } from '../repositories/works.ts';
import { compareNames } from './naturalSort.ts';
import { communitySubtitlesOf } from './subtitles.ts';

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
  // Accepted community subtitles follow the bundled ones, credited, each under its own URL.
  const audioIds = files.filter((f) => f.type === 'audio').map((f) => f.id);
  for (const [fileId, rows] of await communitySubtitlesOf(t, audioIds)) {
    const list = lyricsOf.get(fileId) ?? [];
    for (const r of rows) list.push(communityLyric(urls.baseUrl, r));
    lyricsOf.set(fileId, list);
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
      node.availableLyrics = (lyricsOf.get(f.id) ?? []).sort(
        (a, b) =>
          Number(a.source === 'community') - Number(b.source === 'community') ||
          compareNames(a.title, b.title),
      );
    }
    folderOf(cut < 0 ? '' : f.path.slice(0, cut)).children.push(node);
  }
  sortTree(root.children);
  return root.children;
}

/** A community subtitle as a lyric: named by track stem, language and format, never by the sent name. */
function communityLyric(
  baseUrl: string,
  r: {
    id: number;
    name: string;
    format: string;
    language: string;
    contributor: string;
    version: number | null;
  },
): Lyric {
  const dot = r.name.lastIndexOf('.');
  const stem = dot > 0 ? r.name.slice(0, dot) : r.name;
  return {
    title: `${stem} [${r.language}].${r.format}`,
    confidence: 1,
    mediaDownloadUrl: `${baseUrl}/api/subtitles/${r.id}/text`,
    hash: `subtitle/${r.id}`,
    source: 'community',
    contributor: r.contributor,
    language: r.language,
    ...(r.version === null ? {} : { version: Number(r.version) }),
  };
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

/** The work of an audio file, or undefined when the id names no audio file. */
export async function workOfSong(t: Db, fileId: number): Promise<number | undefined> {
  return workOfAudioFile(t, fileId);
}

/** The number of audio files of each of these works (works without any are left out). */
export async function songCounts(t: Db, workIds: readonly number[]): Promise<Map<number, number>> {
  return audioCounts(t, workIds);
}

/**
 * Audio files whose path holds this title (case-insensitive), the first `limit` by id, that are
 * named exactly so once the folders and extension are dropped: a song asked for by its title.
 */
export async function songsTitled(
  t: Db,
  title: string,
  limit: number,
): Promise<{ id: number; work_id: number; path: string }[]> {
  const wanted = title.toLowerCase();
  const files = await audioFilesLike(t, title, limit);
  return files.filter((f) => {
    const name = baseName(f.path);
    const dot = name.lastIndexOf('.');
    return (dot > 0 ? name.slice(0, dot) : name).toLowerCase() === wanted;
  });
}
