/**
 * The queue rules of docs/product.md §4 as pure functions over {queue, queueIndex, playing}, so the store
 * and its tests share one definition.
 */
import { PLAY_MODES, type PlayMode } from './types.ts';

export interface QueueState<T> {
  queue: T[];
  queueIndex: number;
  playing: boolean;
}

/** Next/previous move only within the queue bounds; null means "stay". */
export function stepIndex(length: number, index: number, delta: 1 | -1): number | null {
  const target = index + delta;
  return target >= 0 && target < length ? target : null;
}

/** Setting a track out of range is ignored (null). */
export function validIndex(length: number, index: number): number | null {
  return Number.isInteger(index) && index >= 0 && index < length ? index : null;
}

/**
 * Removing the current track pauses and resets the index to 0; removing an earlier one shifts the
 * index down; emptying the queue pauses.
 */
export function removeAt<T>(s: QueueState<T>, index: number): QueueState<T> {
  if (validIndex(s.queue.length, index) === null) return s;
  const queue = s.queue.filter((_, i) => i !== index);
  let { queueIndex, playing } = s;
  if (index === queueIndex) {
    queueIndex = 0;
    playing = false;
  } else if (index < queueIndex) {
    queueIndex -= 1;
  }
  if (queue.length === 0) {
    queueIndex = 0;
    playing = false;
  }
  return { queue, queueIndex, playing };
}

/** Moves one entry; the current track keeps playing wherever it lands. */
export function moveItem<T>(s: QueueState<T>, from: number, to: number): QueueState<T> {
  const n = s.queue.length;
  if (validIndex(n, from) === null || validIndex(n, to) === null || from === to) return s;
  const queue = [...s.queue];
  const [item] = queue.splice(from, 1);
  queue.splice(to, 0, item as T);
  let { queueIndex } = s;
  if (from === queueIndex) queueIndex = to;
  else if (from < queueIndex && to >= queueIndex) queueIndex -= 1;
  else if (from > queueIndex && to <= queueIndex) queueIndex += 1;
  return { ...s, queue, queueIndex };
}

/** Inserts right after the current track. */
export function insertNext<T>(s: QueueState<T>, items: T[]): QueueState<T> {
  if (s.queue.length === 0) return { ...s, queue: [...items], queueIndex: 0 };
  const queue = [...s.queue];
  queue.splice(s.queueIndex + 1, 0, ...items);
  return { ...s, queue };
}

/** order → all repeat → repeat once → shuffle → order. */
export function nextPlayMode(mode: PlayMode): PlayMode {
  const i = PLAY_MODES.indexOf(mode);
  return PLAY_MODES[(i + 1) % PLAY_MODES.length] as PlayMode;
}

/**
 * Where playback goes when a track ends by itself, or when the user presses next (`manual`).
 * Repeat once replays the same track and all repeat wraps to the first track, both only when the
 * track ended by itself: a press of next stays within the queue bounds (docs/product.md §4). Shuffle picks
 * another track; order stops at the end (null).
 */
export function followingIndex(
  mode: PlayMode,
  length: number,
  index: number,
  manual: boolean,
  random: () => number = Math.random,
): number | null {
  if (length === 0) return null;
  if (mode === 'repeatOnce' && !manual) return index;
  if (mode === 'shuffle') {
    if (length === 1) return 0;
    const pick = Math.floor(random() * (length - 1));
    return pick >= index ? pick + 1 : pick;
  }
  const step = stepIndex(length, index, 1);
  if (step !== null) return step;
  return mode === 'allRepeat' && !manual ? 0 : null;
}

/** Previous: within bounds, in every mode. */
export function precedingIndex(length: number, index: number): number | null {
  return stepIndex(length, index, -1);
}
