import { afterEach, describe, expect, it, vi } from 'vitest';
import { onIdle } from './idle.ts';

describe('onIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the browser to be idle, at most the timeout, and can be cancelled', () => {
    vi.useFakeTimers({ toFake: ['requestIdleCallback', 'cancelIdleCallback', 'setTimeout', 'clearTimeout'] });
    const run = vi.fn();
    onIdle(run, 1000, 200);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    onIdle(cancelled, 1000, 200)();
    vi.advanceTimersByTime(2000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('falls back to a timer where the browser has no idle callback', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', undefined);
    Reflect.deleteProperty(window, 'requestIdleCallback');
    const run = vi.fn();
    onIdle(run, 1000, 200);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
