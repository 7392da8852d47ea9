/** Keeps the store's `lrcLines` in step with the selected lyric of the current track. */
import { loadLyricLines } from '../lyrics/index.ts';
import { currentTrack, type PlayerState, type PlayerStore, usePlayerStore } from './store.ts';

function selectedLyricOf(s: PlayerState) {
  const track = currentTrack(s);
  return track ? track.availableLyrics[track.selectedLyricIndex] : undefined;
}

export function syncLyrics(): () => void {
  let shown: unknown = null;
  const apply = (s: PlayerStore) => {
    const lyric = selectedLyricOf(s);
    if (lyric === shown) return;
    shown = lyric;
    if (!lyric) {
      s.setLyricLines([], 'none');
      return;
    }
    s.setLyricLines([], 'loading');
    loadLyricLines(lyric).then(
      (lines) => shown === lyric && usePlayerStore.getState().setLyricLines(lines, 'ready'),
      () => shown === lyric && usePlayerStore.getState().setLyricLines([], 'error'),
    );
  };
  apply(usePlayerStore.getState());
  return usePlayerStore.subscribe(apply);
}
