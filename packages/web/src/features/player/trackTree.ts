/** Finding tracks in a work's track tree by hash: what playing a track from elsewhere needs. */
import type { TrackFile, TrackNode } from '@sasayaki/contract';

/** Every file of a tree by its hash. */
export function filesByHash(
  nodes: readonly TrackNode[],
  out = new Map<string, TrackFile>(),
): Map<string, TrackFile> {
  for (const n of nodes) {
    if (n.type === 'folder') filesByHash(n.children, out);
    else out.set(n.hash, n);
  }
  return out;
}

/**
 * The audio files of the folder that holds a track, and the track's place among them: what
 * playing that track from a bookmark or the history queues, as a click in the tree would.
 */
export function folderAudioOf(
  nodes: readonly TrackNode[],
  hash: string,
): { files: TrackFile[]; index: number } | null {
  const audio = nodes.filter((n): n is TrackFile => n.type === 'audio');
  const index = audio.findIndex((f) => f.hash === hash);
  if (index >= 0) return { files: audio, index };
  for (const n of nodes) {
    const found = n.type === 'folder' ? folderAudioOf(n.children, hash) : null;
    if (found) return found;
  }
  return null;
}
