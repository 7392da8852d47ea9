/**
 * Listening preferences kept across visits in this browser: volume (up to 100 %: a boost needs
 * the confirmation again in each session), mute, play mode and playback rate.
 */
import { PLAY_MODES, type PlayMode } from './types.ts';

const KEY = 'sasayaki-player';

export interface PlayerPrefs {
  volume: number;
  muted: boolean;
  playMode: PlayMode;
  playbackRate: number;
}

export const DEFAULT_PREFS: PlayerPrefs = { volume: 1, muted: false, playMode: 'order', playbackRate: 1 };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Stored values of the wrong type or range fall back to the defaults one by one. */
export function loadPrefs(): PlayerPrefs {
  let raw: Record<string, unknown> = {};
  try {
    const v: unknown = JSON.parse(storage()?.getItem(KEY) ?? '{}');
    if (v && typeof v === 'object' && !Array.isArray(v)) raw = v as Record<string, unknown>;
  } catch {
    // unreadable: defaults
  }
  const num = (v: unknown, ok: (n: number) => boolean, d: number) => (typeof v === 'number' && ok(v) ? v : d);
  return {
    volume: num(raw.volume, (n) => n >= 0 && n <= 1, DEFAULT_PREFS.volume),
    muted: typeof raw.muted === 'boolean' ? raw.muted : DEFAULT_PREFS.muted,
    playMode: PLAY_MODES.includes(raw.playMode as PlayMode)
      ? (raw.playMode as PlayMode)
      : DEFAULT_PREFS.playMode,
    playbackRate: num(raw.playbackRate, (n) => n >= 0.25 && n <= 4, DEFAULT_PREFS.playbackRate),
  };
}

export function savePrefs(p: PlayerPrefs): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...p, volume: Math.min(1, p.volume) }));
  } catch {
    // storage full or disabled: preferences last for this visit
  }
}
