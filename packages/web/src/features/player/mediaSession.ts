/** Lock-screen and hardware-key control through the Media Session API, where it exists. */
import { getSettings } from '../../shared/settings/store.ts';
import { coverOf } from './media.ts';
import { usePlayerStore } from './store.ts';
import type { QueueTrack } from './types.ts';

const session = (): MediaSession | null =>
  typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;

export function updateMediaMetadata(track: QueueTrack): void {
  const ms = session();
  if (!ms || typeof MediaMetadata === 'undefined') return;
  const artwork = [track.thumbnailCoverUrl, track.samCoverUrl, track.mainCoverUrl]
    .filter((u) => u)
    .map((src) => ({ src: new URL(src, location.href).toString() }));
  ms.metadata = new MediaMetadata({
    title: track.title,
    artist: track.work.circle?.name ?? '',
    album: track.workTitle,
    artwork: artwork.length > 0 ? artwork : [{ src: coverOf(track, 'large') }].filter((a) => a.src),
  });
}

export function updateMediaPosition(audio: HTMLAudioElement): void {
  const ms = session();
  if (!ms?.setPositionState || !Number.isFinite(audio.duration) || audio.duration <= 0) return;
  try {
    ms.setPositionState({
      duration: audio.duration,
      playbackRate: audio.playbackRate,
      position: Math.min(audio.currentTime, audio.duration),
    });
  } catch {
    // an inconsistent state (during a track change) is simply skipped
  }
}

/** Installs the action handlers; returns their removal. */
export function bindMediaSession(): () => void {
  const ms = session();
  if (!ms) return () => {};
  const s = () => usePlayerStore.getState();
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => s().play()],
    ['pause', () => s().pause()],
    ['nexttrack', () => s().nextTrack()],
    ['previoustrack', () => s().previousTrack()],
    ['seekto', (d) => d.seekTime !== undefined && s().seek(d.seekTime)],
    ['seekbackward', (d) => s().seekBy(-(d.seekOffset ?? getSettings().rewindSeekTime))],
    ['seekforward', (d) => s().seekBy(d.seekOffset ?? getSettings().forwardSeekTime)],
  ];
  for (const [action, fn] of handlers) {
    try {
      ms.setActionHandler(action, fn);
    } catch {
      // an action this browser does not support
    }
  }
  const unsubscribe = usePlayerStore.subscribe((st, prev) => {
    if (st.playing !== prev.playing) ms.playbackState = st.playing ? 'playing' : 'paused';
  });
  return () => {
    unsubscribe();
    for (const [action] of handlers) {
      try {
        ms.setActionHandler(action, null);
      } catch {
        // unsupported action
      }
    }
  };
}
