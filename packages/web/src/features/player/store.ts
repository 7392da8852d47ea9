/**
 * The player state of docs/product.md §3. The store only records intent and the audio element's reported
 * state; `AudioController` applies it to the one `HTMLAudioElement`.
 */
import { create } from 'zustand';
import { announcePlayer } from '../../shared/ui/presence.ts';
import {
  chooseLyric,
  type QueueLyric,
  roundOffset,
  withLocalLyric,
  withMatchedLyrics,
} from '../lyrics/index.ts';
import { loadPrefs, savePrefs } from './prefs.ts';
import {
  followingIndex,
  insertNext,
  moveItem,
  nextPlayMode,
  precedingIndex,
  removeAt,
  validIndex,
} from './queue.ts';
import { loadQueue, saveQueue } from './queueStorage.ts';
import { loadSleep, saveSleep } from './sleepStorage.ts';
import type { ControlSignal, LyricLine, PlayMode, QueueTrack } from './types.ts';

/** Above this volume (1 = 100%) the hearing-damage confirmation is required (docs/product.md §5). */
export const SAFE_VOLUME = 1;
export const MAX_VOLUME = 2;

export interface PlayerState {
  playing: boolean;
  currentTime: number;
  duration: number;
  /** End of the buffered range that contains the current time, in seconds. */
  bufferedEnd: number;
  queue: QueueTrack[];
  queueIndex: number;
  /** Bumped each time a track is (re)started, so starting the same track again restarts it. */
  trackSerial: number;
  playMode: PlayMode;
  muted: boolean;
  /** 1 = 100 %; up to MAX_VOLUME through a Web Audio gain after the confirmation. */
  volume: number;
  /** The user accepted the hearing-damage warning in this session. */
  boostConfirmed: boolean;
  /** A volume above 100 % waiting for the confirmation dialog. */
  pendingVolume: number | null;
  playbackRate: number;
  sleepTime: number | null;
  sleepMode: boolean;
  signal: ControlSignal;
  /** Seconds added to every lyric line's time. */
  subtitleOffset: number;
  /** Parsed lines of the selected lyric of the current track. */
  lrcLines: LyricLine[];
  lyricStatus: 'none' | 'loading' | 'ready' | 'error';
  /** Overlays (mounted once by PlayerOverlays). */
  fullPlayerOpen: boolean;
  queueOpen: boolean;
  sleepDialogOpen: boolean;
  lyricsPreviewTrack: QueueTrack | null;
  /** Where the next track started by `playTracks` begins (a bookmark), instead of its resume position. */
  startAt: number | null;
}

export interface PlayerActions {
  playTracks: (tracks: QueueTrack[], startIndex: number, startAt?: number) => void;
  addToQueue: (tracks: QueueTrack[]) => void;
  playNext: (tracks: QueueTrack[]) => void;
  setTrack: (index: number) => void;
  nextTrack: () => void;
  previousTrack: () => void;
  /** The audio element reports the end of the track: advance by the play mode. */
  trackEnded: () => void;
  removeFromQueue: (index: number) => void;
  moveInQueue: (from: number, to: number) => void;
  clearQueue: () => void;
  play: () => void;
  pause: () => void;
  togglePlay: () => void;
  seek: (time: number) => void;
  seekBy: (delta: number) => void;
  consumeSignal: () => void;
  cyclePlayMode: () => void;
  setVolume: (volume: number) => void;
  confirmBoost: () => void;
  cancelBoost: () => void;
  toggleMute: () => void;
  setPlaybackRate: (rate: number) => void;
  setSleep: (epoch: number) => void;
  clearSleep: () => void;
  setSubtitleOffset: (seconds: number) => void;
  selectLyric: (hash: string, index: number) => void;
  /** A subtitle from a local file: confidence 1, first in the list, and chosen (docs/product.md §4). */
  addLocalLyric: (hash: string, lyric: { title: string; content: string }) => void;
  /** Local subtitles matched to tracks (by hash) join their lyrics (docs/product.md §5 matching). */
  addMatchedLyrics: (byHash: ReadonlyMap<string, QueueLyric[]>) => void;
  setLyricLines: (lines: LyricLine[], status: PlayerState['lyricStatus']) => void;
  /** Reports from the audio element. */
  report: (patch: Partial<Pick<PlayerState, 'playing' | 'currentTime' | 'duration' | 'bufferedEnd'>>) => void;
  setOverlay: (
    patch: Partial<
      Pick<PlayerState, 'fullPlayerOpen' | 'queueOpen' | 'sleepDialogOpen' | 'lyricsPreviewTrack'>
    >,
  ) => void;
}

export type PlayerStore = PlayerState & PlayerActions;

const NOTHING: ControlSignal = { type: 'nothing' };

/** The state of a page load: the stored queue comes back paused (docs/player.md). */
export const initialPlayerState = (): PlayerState => {
  const stored = loadQueue();
  return {
    playing: false,
    currentTime: 0,
    duration: 0,
    bufferedEnd: 0,
    queue: prepared(stored.queue),
    queueIndex: stored.queueIndex,
    trackSerial: 0,
    ...loadPrefs(),
    boostConfirmed: false,
    pendingVolume: null,
    ...loadSleep(),
    signal: NOTHING,
    subtitleOffset: 0,
    lrcLines: [],
    lyricStatus: 'none',
    fullPlayerOpen: false,
    queueOpen: false,
    sleepDialogOpen: false,
    lyricsPreviewTrack: null,
    startAt: null,
  };
};

let nextQueueKey = 1;

/** Gives each new entry its own key and the automatic lyric choice when it has none yet. */
function prepared(tracks: QueueTrack[]): QueueTrack[] {
  return tracks.map((t) => ({
    ...t,
    queueKey: nextQueueKey++,
    selectedLyricIndex:
      t.selectedLyricIndex >= -1 && t.selectedLyricIndex < t.availableLyrics.length
        ? t.selectedLyricIndex
        : chooseLyric(t.availableLyrics),
  }));
}

/** Changing track starts it from 0 (the controller may resume a remembered position). */
const atTrack = (queueIndex: number) => (s: PlayerState) => ({
  queueIndex,
  trackSerial: s.trackSerial + 1,
  currentTime: 0,
  duration: 0,
  bufferedEnd: 0,
  playing: true,
});

export const usePlayerStore = create<PlayerStore>()((set, get) => ({
  ...initialPlayerState(),

  playTracks: (tracks, startIndex, startAt) => {
    if (tracks.length === 0) return;
    const index = validIndex(tracks.length, startIndex) ?? 0;
    set((s) => ({
      queue: prepared(tracks),
      ...atTrack(index)(s),
      signal: { type: 'wantPlay' },
      startAt: startAt !== undefined && Number.isFinite(startAt) && startAt >= 0 ? startAt : null,
    }));
  },
  addToQueue: (tracks) => {
    if (tracks.length === 0) return;
    set((s) => ({ queue: [...s.queue, ...prepared(tracks)] }));
  },
  playNext: (tracks) => {
    if (tracks.length === 0) return;
    set((s) => insertNext(s, prepared(tracks)));
  },
  setTrack: (index) => {
    const s = get();
    if (validIndex(s.queue.length, index) === null) return;
    set((st) => ({ ...atTrack(index)(st), signal: { type: 'wantPlay' } }));
  },
  nextTrack: () => {
    const s = get();
    const i = followingIndex(s.playMode, s.queue.length, s.queueIndex, true);
    if (i !== null) get().setTrack(i);
  },
  previousTrack: () => {
    const s = get();
    const i = precedingIndex(s.queue.length, s.queueIndex);
    if (i !== null) get().setTrack(i);
  },
  trackEnded: () => {
    const s = get();
    const i = followingIndex(s.playMode, s.queue.length, s.queueIndex, false);
    if (i === null) set({ playing: false });
    else get().setTrack(i);
  },
  removeFromQueue: (index) => {
    const s = get();
    const wasCurrent = index === s.queueIndex;
    const next = removeAt(s, index);
    if (next === s) return;
    set({
      ...next,
      ...(wasCurrent ? { currentTime: 0, signal: { type: 'wantPause' } as ControlSignal } : {}),
    });
  },
  moveInQueue: (from, to) => set((s) => moveItem(s, from, to)),
  clearQueue: () =>
    set({
      queue: [],
      queueIndex: 0,
      playing: false,
      currentTime: 0,
      duration: 0,
      signal: { type: 'wantPause' },
    }),

  play: () => {
    if (get().queue.length === 0) return;
    set({ playing: true, signal: { type: 'wantPlay' } });
  },
  pause: () => set({ playing: false, signal: { type: 'wantPause' } }),
  togglePlay: () => (get().playing ? get().pause() : get().play()),
  seek: (time) => {
    if (!Number.isFinite(time)) return;
    const { duration } = get();
    const t = Math.max(0, duration > 0 ? Math.min(time, duration) : time);
    set({ currentTime: t, signal: { type: 'wantSeek', time: t } });
  },
  seekBy: (delta) => get().seek(get().currentTime + delta),
  consumeSignal: () => set({ signal: NOTHING }),

  cyclePlayMode: () => set((s) => ({ playMode: nextPlayMode(s.playMode) })),
  setVolume: (volume) => {
    if (!Number.isFinite(volume) || volume < 0) return;
    const v = Math.min(volume, MAX_VOLUME);
    if (v > SAFE_VOLUME && !get().boostConfirmed) set({ pendingVolume: v });
    else set({ volume: v, muted: false });
  },
  confirmBoost: () => {
    const v = get().pendingVolume;
    set({ boostConfirmed: true, pendingVolume: null, ...(v !== null ? { volume: v, muted: false } : {}) });
  },
  cancelBoost: () => set({ pendingVolume: null }),
  toggleMute: () => set((s) => ({ muted: !s.muted })),
  setPlaybackRate: (rate) => {
    if (Number.isFinite(rate) && rate > 0) set({ playbackRate: rate });
  },

  setSleep: (epoch) => {
    set({ sleepTime: epoch, sleepMode: true });
    saveSleep({ sleepTime: epoch, sleepMode: true });
  },
  clearSleep: () => {
    set({ sleepTime: null, sleepMode: false });
    saveSleep({ sleepTime: null, sleepMode: false });
  },

  setSubtitleOffset: (seconds) => set({ subtitleOffset: roundOffset(seconds) }),
  selectLyric: (hash, index) =>
    set((s) => {
      const apply = (t: QueueTrack) =>
        t.hash === hash && index >= -1 && index < t.availableLyrics.length
          ? { ...t, selectedLyricIndex: index }
          : t;
      const preview = s.lyricsPreviewTrack ? apply(s.lyricsPreviewTrack) : null;
      return { queue: s.queue.map(apply), lyricsPreviewTrack: preview, subtitleOffset: 0 };
    }),
  addLocalLyric: (hash, lyric) =>
    set((s) => {
      const apply = (t: QueueTrack): QueueTrack => {
        if (t.hash !== hash) return t;
        const { lyrics, selectedLyricIndex } = withLocalLyric(t.availableLyrics, lyric);
        return { ...t, availableLyrics: lyrics, selectedLyricIndex };
      };
      const preview = s.lyricsPreviewTrack ? apply(s.lyricsPreviewTrack) : null;
      return { queue: s.queue.map(apply), lyricsPreviewTrack: preview, subtitleOffset: 0 };
    }),
  addMatchedLyrics: (byHash) =>
    set((s) => {
      const apply = (t: QueueTrack): QueueTrack => {
        const matched = byHash.get(t.hash);
        if (!matched) return t;
        const { lyrics, selectedLyricIndex } = withMatchedLyrics(
          t.availableLyrics,
          t.selectedLyricIndex,
          matched,
        );
        return { ...t, availableLyrics: lyrics, selectedLyricIndex };
      };
      const preview = s.lyricsPreviewTrack ? apply(s.lyricsPreviewTrack) : null;
      return { queue: s.queue.map(apply), lyricsPreviewTrack: preview };
    }),
  setLyricLines: (lines, status) => set({ lrcLines: lines, lyricStatus: status }),

  report: (patch) => set(patch),
  setOverlay: (patch) => set(patch),
}));

usePlayerStore.subscribe((s, prev) => {
  if (
    s.volume !== prev.volume ||
    s.muted !== prev.muted ||
    s.playMode !== prev.playMode ||
    s.playbackRate !== prev.playbackRate
  )
    savePrefs({ volume: s.volume, muted: s.muted, playMode: s.playMode, playbackRate: s.playbackRate });
  if (s.queue !== prev.queue || s.queueIndex !== prev.queueIndex) saveQueue(s);
});

/** The track being played, if any. */
export function currentTrack(s: Pick<PlayerState, 'queue' | 'queueIndex'>): QueueTrack | undefined {
  return s.queue[s.queueIndex];
}

// The shell's footer slots appear once the player is loaded (shared/ui/presence.ts).
announcePlayer();
