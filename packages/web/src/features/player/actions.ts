/** Player actions usable outside React (file tree, work page, drawer). */
import { usePlayerStore } from './store.ts';
import type { QueueTrack } from './types.ts';

export const playTracks = (tracks: QueueTrack[], startIndex: number): void =>
  usePlayerStore.getState().playTracks(tracks, startIndex);
export const addToQueue = (tracks: QueueTrack[]): void => usePlayerStore.getState().addToQueue(tracks);
export const playNext = (tracks: QueueTrack[]): void => usePlayerStore.getState().playNext(tracks);
export const openLyricsPreview = (track: QueueTrack): void =>
  usePlayerStore.getState().setOverlay({ lyricsPreviewTrack: track });
export const openSleepTimerDialog = (): void =>
  usePlayerStore.getState().setOverlay({ sleepDialogOpen: true });
