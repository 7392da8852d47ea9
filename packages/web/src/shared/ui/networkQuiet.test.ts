/**
 * Work that can wait (the service worker's install, the player's code when nothing is queued)
 * waits for the first screen's requests: it would otherwise compete with them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenNetworkQuiet } from './networkQuiet.ts';

/** Stands in for the browser's observer: `finish()` is a resource that just finished loading. */
let observers: (() => void)[] = [];
const finish = () => {
  for (const o of observers) o();
};

describe('whenNetworkQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    observers = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observers.push(this.callback);
        }
        disconnect() {
          observers = observers.filter((o) => o !== this.callback);
        }
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const settled = (p: Promise<void>) => {
    let done = false;
    void p.then(() => {
      done = true;
    });
    return () => done;
  };

  it('resolves 1.5 s after the last resource finished, and stops observing', async () => {
    const done = settled(whenNetworkQuiet());
    await vi.advanceTimersByTimeAsync(1000);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    expect(done()).toBe(true);
    expect(observers).toEqual([]);
  });

  it('does not wait past 15 s of a network that never goes quiet', async () => {
    const done = settled(whenNetworkQuiet());
    for (let t = 0; t < 14_500; t += 500) {
      finish();
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    expect(done()).toBe(true);
  });
});
