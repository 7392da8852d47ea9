/**
 * The play queue and the current track kept in this browser, so a reload brings them back
 * (paused; the position comes from `resume.ts`). Entries that do not look like queue tracks are
 * dropped one by one, so a damaged or older entry never breaks the player.
 */
import type { QueueTrack } from './types.ts';

export const QUEUE_KEY = 'sasayaki-queue';

export interface StoredQueue {
  queue: QueueTrack[];
  queueIndex: number;
}

const EMPTY: StoredQueue = { queue: [], queueIndex: 0 };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isTrack(v: unknown): v is QueueTrack {
  if (!isObject(v)) return false;
  const strings = ['hash', 'title', 'workTitle', 'mediaStreamUrl', 'mediaDownloadUrl', 'streamLowQualityUrl'];
  return (
    strings.every((k) => typeof v[k] === 'string') &&
    v.hash !== '' &&
    typeof v.duration === 'number' &&
    Array.isArray(v.availableLyrics) &&
    v.availableLyrics.every((l) => isObject(l) && typeof l.title === 'string') &&
    typeof v.selectedLyricIndex === 'number' &&
    isObject(v.work) &&
    typeof v.work.id === 'number'
  );
}

/** Whether a reload has a queue to bring back (an empty queue is never saved), without reading it. */
export function hasSavedQueue(): boolean {
  try {
    return storage()?.getItem(QUEUE_KEY) != null;
  } catch {
    return false;
  }
}

export function loadQueue(): StoredQueue {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(QUEUE_KEY) ?? 'null');
  } catch {
    return EMPTY;
  }
  if (!isObject(raw) || !Array.isArray(raw.queue)) return EMPTY;
  const current = Number.isInteger(raw.queueIndex) ? (raw.queueIndex as number) : 0;
  // The current track keeps its place among the tracks that survive.
  const kept = raw.queue.map((t, i) => ({ t, i })).filter(({ t }) => isTrack(t));
  if (kept.length === 0) return EMPTY;
  const at = kept.findIndex(({ i }) => i === current);
  return {
    queue: kept.map(({ t }) => {
      const { queueKey: _, ...track } = t as QueueTrack;
      return track;
    }),
    queueIndex: Math.max(0, at),
  };
}

export function saveQueue({ queue, queueIndex }: StoredQueue): void {
  const s = storage();
  if (!s) return;
  try {
    if (queue.length === 0) s.removeItem(QUEUE_KEY);
    else s.setItem(QUEUE_KEY, JSON.stringify({ queue: queue.map(({ queueKey: _, ...t }) => t), queueIndex }));
  } catch {
    // storage full or disabled: the queue lasts for this visit
  }
}
