/**
 * The player feature (src/player) is loaded on demand, so the works page does not wait for the
 * audio engine. Everything the browsing screens ask of it goes through here.
 */
import type { TrackFile, TrackNode } from '@sasayaki/contract';
import type { WorkForQueue } from '../features/player/index.ts';

export type PlayerModule = typeof import('../features/player/index.ts');

let pending: Promise<PlayerModule> | null = null;

export function loadPlayer(): Promise<PlayerModule> {
  pending ??= import('../features/player/index.ts');
  return pending;
}

export async function playFiles(files: TrackFile[], work: WorkForQueue, startIndex: number): Promise<void> {
  const p = await loadPlayer();
  p.playTracks(
    files.map((f) => p.toQueueTrack(f, work)),
    startIndex,
  );
}

export async function queueFiles(files: TrackFile[], work: WorkForQueue): Promise<void> {
  const p = await loadPlayer();
  p.addToQueue(files.map((f) => p.toQueueTrack(f, work)));
}

export async function playFilesNext(files: TrackFile[], work: WorkForQueue): Promise<void> {
  const p = await loadPlayer();
  p.playNext(files.map((f) => p.toQueueTrack(f, work)));
}

export async function previewLyrics(file: TrackFile, work: WorkForQueue): Promise<void> {
  const p = await loadPlayer();
  p.openLyricsPreview(p.toQueueTrack(file, work));
}

export async function openSleepTimer(): Promise<void> {
  (await loadPlayer()).openSleepTimerDialog();
}

/** Every audio file of a tree, depth first, in display order. */
export function audioFilesOf(nodes: TrackNode[]): TrackFile[] {
  return nodes.flatMap((n) =>
    n.type === 'folder' ? audioFilesOf(n.children) : n.type === 'audio' ? [n] : [],
  );
}
