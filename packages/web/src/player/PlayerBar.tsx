import { currentTrack, usePlayerStore } from './store.ts';

/** Footer player bar; nothing while the queue is empty. */
export function PlayerBar() {
  const track = usePlayerStore((s) => currentTrack(s));
  const playing = usePlayerStore((s) => s.playing);
  const togglePlay = usePlayerStore((s) => s.togglePlay);
  if (!track) return null;
  return (
    <div data-testid="player-bar" data-playing={playing}>
      <span>{track.title}</span>
      <button type="button" onClick={togglePlay}>
        {playing ? 'pause' : 'play'}
      </button>
    </div>
  );
}
