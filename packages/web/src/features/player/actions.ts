/** Player actions usable outside React (file tree, work page, drawer). */
import type { TrackFile } from '@sasayaki/contract';
import { usePlayerStore } from './store.ts';
import { toQueueTrack, type WorkForQueue } from './toQueueTrack.ts';
import type { QueueTrack } from './types.ts';

export const playTracks = (tracks: QueueTrack[], startIndex: number): void =>
  usePlayerStore.getState().playTracks(tracks, startIndex);
export const addToQueue = (tracks: QueueTrack[]): void => usePlayerStore.getState().addToQueue(tracks);
export const playNext = (tracks: QueueTrack[]): void => usePlayerStore.getState().playNext(tracks);
export const openLyricsPreview = (track: QueueTrack): void =>
  usePlayerStore.getState().setOverlay({ lyricsPreviewTrack: track });
export const openSleepTimerDialog = (): void =>
  usePlayerStore.getState().setOverlay({ sleepDialogOpen: true });

/** The same, for files of a work's track tree. */
export const playFiles = (files: TrackFile[], work: WorkForQueue, startIndex: number): void =>
  playTracks(
    files.map((f) => toQueueTrack(f, work)),
    startIndex,
  );
export const queueFiles = (files: TrackFile[], work: WorkForQueue): void =>
  addToQueue(files.map((f) => toQueueTrack(f, work)));
export const playFilesNext = (files: TrackFile[], work: WorkForQueue): void =>
  playNext(files.map((f) => toQueueTrack(f, work)));
export const previewLyrics = (file: TrackFile, work: WorkForQueue): void =>
  openLyricsPreview(toQueueTrack(file, work));
