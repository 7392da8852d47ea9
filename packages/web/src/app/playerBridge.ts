/**
 * The player feature (src/player, built alongside) is loaded on demand so that it stays out of
 * the initial bundle of the works page. Everything the browsing screens ask of it goes through
 * here.
 */
import type { TrackFile, TrackNode, Work, WorkRef } from '@sasayaki/contract';
import type { ComponentType } from 'react';

type WorkLike = Pick<Work, 'id' | 'title'> & Partial<Work> & WorkRef;

/** The slice of `src/player/index.ts` the browsing screens use. */
export interface PlayerModule {
  PlayerBar: ComponentType;
  LyricsBar: ComponentType;
  PlayerOverlays: ComponentType;
  toQueueTrack: (file: TrackFile, work: never) => unknown;
  playTracks: (tracks: never[], startIndex: number) => void;
  addToQueue: (tracks: never[]) => void;
  playNext: (tracks: never[]) => void;
  openLyricsPreview: (track: never) => void;
  openSleepTimerDialog: () => void;
}

const loaders = import.meta.glob<PlayerModule>('../player/index.ts');

let pending: Promise<PlayerModule | null> | null = null;

export function loadPlayer(): Promise<PlayerModule | null> {
  const load = loaders['../player/index.ts'];
  pending ??= load ? load() : Promise.resolve(null);
  return pending;
}

const toQueue = (p: PlayerModule, files: TrackFile[], work: WorkLike) =>
  files.map((f) => p.toQueueTrack(f, work as never)) as never[];

export async function playFiles(files: TrackFile[], work: WorkLike, startIndex: number): Promise<void> {
  const p = await loadPlayer();
  p?.playTracks(toQueue(p, files, work), startIndex);
}

export async function queueFiles(files: TrackFile[], work: WorkLike): Promise<void> {
  const p = await loadPlayer();
  p?.addToQueue(toQueue(p, files, work));
}

export async function playFilesNext(files: TrackFile[], work: WorkLike): Promise<void> {
  const p = await loadPlayer();
  p?.playNext(toQueue(p, files, work));
}

export async function previewLyrics(file: TrackFile, work: WorkLike): Promise<void> {
  const p = await loadPlayer();
  p?.openLyricsPreview(toQueue(p, [file], work)[0] as never);
}

export async function openSleepTimer(): Promise<void> {
  const p = await loadPlayer();
  p?.openSleepTimerDialog();
}

/** Every audio file of a tree, depth first, in display order. */
export function audioFilesOf(nodes: TrackNode[]): TrackFile[] {
  return nodes.flatMap((n) =>
    n.type === 'folder' ? audioFilesOf(n.children) : n.type === 'audio' ? [n] : [],
  );
}
