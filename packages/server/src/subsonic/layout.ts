/**
 * A work as a Subsonic album: its audio files in the work's natural order (the track tree of
 * services/tracks.ts, the order the web app plays), each folder that holds audio one disc
 * named by its path (`discTitles`), tracks numbered within their disc, and the subtitle files
 * linked to each track (its lyrics).
 */
import type { TrackFolder, TrackNode } from '@sasayaki/contract';
import type { AppContext } from '../context.ts';
import { trackTree } from '../services/tracks.ts';

export interface LaidSong {
  fileId: number;
  workId: number;
  /** Path inside the work folder. */
  path: string;
  /** File name without its extension. */
  title: string;
  suffix: string;
  size: number;
  duration: number;
  disc: number;
  track: number;
  /** Linked subtitle files: id and name, in name order. */
  lyrics: { fileId: number; name: string }[];
}

export interface WorkLayout {
  workId: number;
  songs: LaidSong[];
  discTitles: { disc: number; title: string }[];
  /** Every folder path of the work ('' is its top) with its direct children, in tree order. */
  folders: Map<string, { folders: string[]; songs: LaidSong[] }>;
}

const fileIdOf = (hash: string) => Number(hash.slice(hash.indexOf('/') + 1));

/** The layout of a work, or null when it does not exist. */
export async function workLayout(ctx: Pick<AppContext, 'db'>, workId: number): Promise<WorkLayout | null> {
  // Only the ids and names of the tree are read: its URLs are the /api's, not ours.
  const tree = await trackTree(ctx.db, workId, { baseUrl: '', lowQuality: false });
  if (!tree) return null;
  const layout: WorkLayout = { workId, songs: [], discTitles: [], folders: new Map() };
  const walk = (nodes: TrackNode[], dir: string) => {
    const here = { folders: [] as string[], songs: [] as LaidSong[] };
    layout.folders.set(dir, here);
    let disc = 0;
    for (const node of nodes) {
      if (node.type === 'folder') {
        const sub = dir ? `${dir}/${node.title}` : node.title;
        here.folders.push(sub);
        walk((node as TrackFolder).children, sub);
        continue;
      }
      if (node.type !== 'audio') continue;
      if (disc === 0) {
        disc = layout.discTitles.length + 1;
        layout.discTitles.push({ disc, title: dir });
      }
      const dot = node.title.lastIndexOf('.');
      const song: LaidSong = {
        fileId: fileIdOf(node.hash),
        workId,
        path: dir ? `${dir}/${node.title}` : node.title,
        title: dot > 0 ? node.title.slice(0, dot) : node.title,
        suffix: dot > 0 ? node.title.slice(dot + 1).toLowerCase() : '',
        size: node.size ?? 0,
        duration: node.duration ?? 0,
        disc,
        track: here.songs.length + 1,
        // Bundled files only: community subtitles are read by their own id (methods/lyrics.ts).
        lyrics: (node.availableLyrics ?? [])
          .filter((l) => l.source !== 'community')
          .map((l) => ({ fileId: fileIdOf(l.hash ?? ''), name: l.title })),
      };
      here.songs.push(song);
      layout.songs.push(song);
    }
  };
  walk(tree, '');
  return layout;
}

/** Layouts of several works, a few at a time (each is two queries), in the order asked. */
export async function workLayouts(
  ctx: Pick<AppContext, 'db'>,
  workIds: readonly number[],
): Promise<Map<number, WorkLayout>> {
  const out = new Map<number, WorkLayout>();
  for (let i = 0; i < workIds.length; i += LAYOUTS_AT_ONCE) {
    const chunk = workIds.slice(i, i + LAYOUTS_AT_ONCE);
    const layouts = await Promise.all(chunk.map((id) => workLayout(ctx, id)));
    layouts.forEach((l, j) => {
      if (l) out.set(chunk[j] as number, l);
    });
  }
  return out;
}

/** Queries of one request in flight at once (each listens to the request's abort signal). */
const LAYOUTS_AT_ONCE = 4;
