import { beforeEach, describe, expect, it } from 'vitest';
import { queueTrack } from '../../../test/queueTrack.ts';
import { QUEUE_KEY } from './queueStorage.ts';
import { initialPlayerState, usePlayerStore } from './store.ts';

const track = (hash: string) =>
  queueTrack(hash, {
    availableLyrics: [{ title: `${hash}.vtt`, confidence: 0.9, mediaDownloadUrl: `/l/${hash}` }],
    selectedLyricIndex: 0,
  });

const s = () => usePlayerStore.getState();
/** What the next page load starts with. */
const reloaded = () => initialPlayerState();

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState(initialPlayerState());
});

describe('the queue across page loads', () => {
  it('comes back with the current track, paused', () => {
    s().playTracks([track('a'), track('b'), track('c')], 0);
    s().setTrack(2);
    s().selectLyric('c', -1);
    const next = reloaded();
    expect(next.queue.map((t) => t.hash)).toEqual(['a', 'b', 'c']);
    expect(next.queueIndex).toBe(2);
    expect(next.playing).toBe(false);
    expect(next.queue[2]?.selectedLyricIndex).toBe(-1);
    expect(new Set(next.queue.map((t) => t.queueKey)).size).toBe(3);
  });

  it('follows removals, reordering and clearing', () => {
    s().playTracks([track('a'), track('b'), track('c')], 1);
    s().moveInQueue(0, 2);
    expect(reloaded().queue.map((t) => t.hash)).toEqual(['b', 'c', 'a']);
    expect(reloaded().queueIndex).toBe(0);
    s().removeFromQueue(2);
    expect(reloaded().queue.map((t) => t.hash)).toEqual(['b', 'c']);
    s().clearQueue();
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
    expect(reloaded().queue).toEqual([]);
  });

  it('drops what does not look like a track and keeps the current one in place', () => {
    const stored = { queue: [track('a'), { hash: 5 }, null, track('d')], queueIndex: 3 };
    localStorage.setItem(QUEUE_KEY, JSON.stringify(stored));
    const next = reloaded();
    expect(next.queue.map((t) => t.hash)).toEqual(['a', 'd']);
    expect(next.queueIndex).toBe(1);
  });

  it.each(['not json', '"text"', '{"queue": 3}', '{"queue": [], "queueIndex": 0}', '[1,2]'])(
    'starts empty from a stored %s',
    (raw) => {
      localStorage.setItem(QUEUE_KEY, raw);
      expect(reloaded()).toMatchObject({ queue: [], queueIndex: 0 });
    },
  );
});
