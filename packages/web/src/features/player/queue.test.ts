import { describe, expect, it } from 'vitest';
import {
  followingIndex,
  insertNext,
  moveItem,
  nextPlayMode,
  precedingIndex,
  removeAt,
  stepIndex,
  validIndex,
} from './queue.ts';

const q = (queueIndex: number, playing = true) => ({ queue: ['a', 'b', 'c', 'd'], queueIndex, playing });

describe('queue rules (docs/product.md §4)', () => {
  it('moves next/previous only within bounds', () => {
    expect(stepIndex(4, 2, 1)).toBe(3);
    expect(stepIndex(4, 3, 1)).toBeNull();
    expect(stepIndex(4, 0, -1)).toBeNull();
    expect(precedingIndex(4, 1)).toBe(0);
    expect(precedingIndex(4, 0)).toBeNull();
  });
  it('ignores an out-of-range track', () => {
    expect(validIndex(4, 4)).toBeNull();
    expect(validIndex(4, -1)).toBeNull();
    expect(validIndex(4, 1.5)).toBeNull();
    expect(validIndex(4, 3)).toBe(3);
  });
  it('removing the current track pauses and resets the index to 0', () => {
    expect(removeAt(q(2), 2)).toEqual({ queue: ['a', 'b', 'd'], queueIndex: 0, playing: false });
  });
  it('removing an earlier track shifts the index; a later one keeps it', () => {
    expect(removeAt(q(2), 0)).toEqual({ queue: ['b', 'c', 'd'], queueIndex: 1, playing: true });
    expect(removeAt(q(2), 3)).toEqual({ queue: ['a', 'b', 'c'], queueIndex: 2, playing: true });
  });
  it('emptying the queue pauses; removing out of range changes nothing', () => {
    expect(removeAt({ queue: ['a'], queueIndex: 0, playing: true }, 0)).toEqual({
      queue: [],
      queueIndex: 0,
      playing: false,
    });
    const s = q(1);
    expect(removeAt(s, 9)).toBe(s);
  });
  it('reorders and keeps the current track current', () => {
    expect(moveItem(q(1), 1, 3)).toMatchObject({ queue: ['a', 'c', 'd', 'b'], queueIndex: 3 });
    expect(moveItem(q(1), 0, 2)).toMatchObject({ queue: ['b', 'c', 'a', 'd'], queueIndex: 0 });
    expect(moveItem(q(1), 3, 0)).toMatchObject({ queue: ['d', 'a', 'b', 'c'], queueIndex: 2 });
    expect(moveItem(q(1), 2, 3)).toMatchObject({ queue: ['a', 'b', 'd', 'c'], queueIndex: 1 });
  });
  it('inserts "play next" right after the current track, or starts an empty queue', () => {
    expect(insertNext(q(1), ['x', 'y']).queue).toEqual(['a', 'b', 'x', 'y', 'c', 'd']);
    expect(insertNext({ queue: [], queueIndex: 0, playing: false }, ['x'])).toMatchObject({
      queue: ['x'],
      queueIndex: 0,
    });
  });
});

describe('play modes', () => {
  it('cycle order → all repeat → repeat once → shuffle → order', () => {
    const seen = ['order' as const];
    let m = nextPlayMode('order');
    while (m !== 'order') {
      seen.push(m as never);
      m = nextPlayMode(m);
    }
    expect(seen).toEqual(['order', 'allRepeat', 'repeatOnce', 'shuffle']);
  });
  it('decide where an ended track goes', () => {
    expect(followingIndex('order', 3, 1, false)).toBe(2);
    expect(followingIndex('order', 3, 2, false)).toBeNull();
    expect(followingIndex('allRepeat', 3, 2, false)).toBe(0);
    expect(followingIndex('repeatOnce', 3, 1, false)).toBe(1);
    expect(followingIndex('shuffle', 3, 1, false, () => 0.99)).toBe(2);
    expect(followingIndex('shuffle', 3, 1, false, () => 0)).toBe(0);
    expect(followingIndex('shuffle', 1, 0, false)).toBe(0);
    expect(followingIndex('order', 0, 0, false)).toBeNull();
  });
  it('keep a press of next within bounds, except shuffle which picks another track', () => {
    expect(followingIndex('allRepeat', 3, 2, true)).toBeNull();
    expect(followingIndex('repeatOnce', 3, 1, true)).toBe(2);
    expect(followingIndex('shuffle', 3, 2, true, () => 0.5)).toBe(1);
  });
});
