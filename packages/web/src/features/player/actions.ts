/** Player actions usable outside React (file tree, work page, drawer). */
import type { TrackFile } from '@sasayaki/contract';
import { useSettings } from '../../shared/settings/store.ts';
import { localLyricsFor } from '../subtitles/index.ts';
import { usePlayerStore } from './store.ts';
import { toQueueTrack, type WorkForQueue } from './toQueueTrack.ts';
import type { QueueTrack } from './types.ts';

/**
 * Tracks of works with local subtitles get them as candidate lyrics, once the subtitle database
 * has answered (the track starts at once with the lyrics it has).
 */
function matchLocalSubtitles(tracks: readonly QueueTrack[]): void {
  const local = new Set(useSettings.getState().localSubtitledWorks);
  const byWork = new Map<number, QueueTrack[]>();
  for (const t of tracks)
    if (local.has(t.work.id)) byWork.set(t.work.id, [...(byWork.get(t.work.id) ?? []), t]);
  for (const [workId, ofWork] of byWork) {
    localLyricsFor(workId, ofWork).then(
      (matched) => matched.size > 0 && usePlayerStore.getState().addMatchedLyrics(matched),
      (e: unknown) => console.warn('local subtitles unavailable', e),
    );
  }
}

export const playTracks = (tracks: QueueTrack[], startIndex: number, startAt?: number): void => {
  usePlayerStore.getState().playTracks(tracks, startIndex, startAt);
  matchLocalSubtitles(tracks);
};
export const addToQueue = (tracks: QueueTrack[]): void => {
  usePlayerStore.getState().addToQueue(tracks);
  matchLocalSubtitles(tracks);
};
export const playNext = (tracks: QueueTrack[]): void => {
  usePlayerStore.getState().playNext(tracks);
  matchLocalSubtitles(tracks);
};
export const openLyricsPreview = (track: QueueTrack): void => {
  usePlayerStore.getState().setOverlay({ lyricsPreviewTrack: track });
  matchLocalSubtitles([track]);
};
export const openSleepTimerDialog = (): void =>
  usePlayerStore.getState().setOverlay({ sleepDialogOpen: true });

/** The same, for files of a work's track tree; `startAt` (seconds) starts the track there (a bookmark). */
export const playFiles = (
  files: TrackFile[],
  work: WorkForQueue,
  startIndex: number,
  startAt?: number,
): void =>
  playTracks(
    files.map((f) => toQueueTrack(f, work)),
    startIndex,
    startAt,
  );
export const queueFiles = (files: TrackFile[], work: WorkForQueue): void =>
  addToQueue(files.map((f) => toQueueTrack(f, work)));
export const playFilesNext = (files: TrackFile[], work: WorkForQueue): void =>
  playNext(files.map((f) => toQueueTrack(f, work)));
export const previewLyrics = (file: TrackFile, work: WorkForQueue): void =>
  openLyricsPreview(toQueueTrack(file, work));
