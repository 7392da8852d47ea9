/**
 * The player feature: what the layout and the browsing screens use. The shell loads it on first
 * use (app/playerBridge.ts); the work page imports it directly.
 */
export {
  addToQueue,
  openLyricsPreview,
  openSleepTimerDialog,
  playFiles,
  playFilesNext,
  playNext,
  playTracks,
  previewLyrics,
  queueFiles,
} from './actions.ts';
export { AddBookmarkButton, WorkBookmarks } from './Bookmarks.tsx';
export { LyricsBar } from './LyricsBar.tsx';
export { PlayerBar } from './PlayerBar.tsx';
export { PlayerOverlays } from './PlayerOverlays.tsx';
export { usePlayerStore } from './store.ts';
export { toQueueTrack, type WorkForQueue } from './toQueueTrack.ts';
export { folderAudioOf } from './trackTree.ts';
export type { ControlSignal, LyricLine, PlayMode, QueueLyric, QueueTrack, QueueWork } from './types.ts';
