/**
 * Remembers the playback position of each track (by hash) in this browser, so a long track
 * continues where it stopped. Each position keeps when it was saved: at sign-in they are merged
 * into the account's (listeningSync.ts), and the later one wins.
 */
import { resumeFrom } from '@sasayaki/contract';

const KEY = 'sasayaki-resume';
/** Oldest entries are dropped beyond this many tracks. */
const MAX_ENTRIES = 500;

/** A position and when it was saved (ms); entries of older versions (a bare number) count as saved at 0. */
export interface LocalPosition {
  t: number;
  at: number;
}

type Positions = Record<string, LocalPosition>;

function read(storage: Storage): Positions {
  let v: unknown;
  try {
    v = JSON.parse(storage.getItem(KEY) ?? '{}');
  } catch {
    return {};
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  const out: Positions = {};
  for (const [hash, e] of Object.entries(v as Record<string, unknown>)) {
    if (typeof e === 'number') out[hash] = { t: e, at: 0 };
    else if (e && typeof e === 'object' && typeof (e as LocalPosition).t === 'number')
      out[hash] = { t: (e as LocalPosition).t, at: Number((e as LocalPosition).at) || 0 };
  }
  return out;
}

export function savePosition(
  storage: Storage,
  hash: string,
  time: number,
  duration: number,
  at: number = Date.now(),
): void {
  const all = read(storage);
  delete all[hash];
  if (resumeFrom(time, duration) > 0) all[hash] = { t: Math.floor(time), at };
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete all[k];
  try {
    storage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: resuming is a convenience
  }
}

/** The remembered position and its time, or null when there is none. */
export function localPosition(storage: Storage, hash: string): LocalPosition | null {
  return read(storage)[hash] ?? null;
}

/** The remembered position, or 0 when there is none worth resuming. */
export function resumePosition(storage: Storage, hash: string, duration: number): number {
  const p = read(storage)[hash];
  return p ? resumeFrom(p.t, duration) : 0;
}

/** Every remembered position, oldest first (what a sign-in merges into the account). */
export function localPositions(storage: Storage): [string, LocalPosition][] {
  return Object.entries(read(storage));
}
