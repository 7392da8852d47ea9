/**
 * Remembers the playback position of each track (by hash) in this browser, so a long track
 * continues where it stopped.
 */
const KEY = 'sasayaki-resume';
/** Oldest entries are dropped beyond this many tracks. */
const MAX_ENTRIES = 500;
/** Positions this close to either end are not worth resuming. */
const MARGIN_SECONDS = 5;

type Positions = Record<string, number>;

function read(storage: Storage): Positions {
  try {
    const v: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Positions) : {};
  } catch {
    return {};
  }
}

export function savePosition(storage: Storage, hash: string, time: number, duration: number): void {
  const all = read(storage);
  delete all[hash];
  const worth = time > MARGIN_SECONDS && (duration <= 0 || time < duration - MARGIN_SECONDS);
  if (worth) all[hash] = Math.floor(time);
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete all[k];
  try {
    storage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: resuming is a convenience
  }
}

/** The remembered position, or 0 when there is none worth resuming. */
export function resumePosition(storage: Storage, hash: string, duration: number): number {
  const t = read(storage)[hash];
  if (typeof t !== 'number' || t <= MARGIN_SECONDS) return 0;
  return duration > 0 && t >= duration - MARGIN_SECONDS ? 0 : t;
}
