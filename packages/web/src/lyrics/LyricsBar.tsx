import { audioTime } from '../player/AudioController.tsx';
import { currentTrack, usePlayerStore } from '../player/store.ts';
import { lineAt } from './offset.ts';

/** Footer line of the current lyric; nothing while the queue is empty. */
export function LyricsBar() {
  const track = usePlayerStore((s) => currentTrack(s));
  const lines = usePlayerStore((s) => s.lrcLines);
  const offset = usePlayerStore((s) => s.subtitleOffset);
  usePlayerStore((s) => s.currentTime);
  if (!track) return null;
  const i = lineAt(lines, audioTime(), offset);
  return <div data-testid="lyrics-bar">{i >= 0 ? lines[i]?.text : ''}</div>;
}
