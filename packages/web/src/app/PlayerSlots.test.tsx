/**
 * When the shell loads the player's code: at once when idle if a queue waits to come back after a
 * reload, otherwise only once the first screen's requests are done.
 */
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const bridge = vi.hoisted(() => ({ loadPlayer: vi.fn(() => new Promise<never>(() => {})) }));
const quiet = vi.hoisted(() => ({ release: () => {} }));
vi.mock('./playerBridge.ts', () => bridge);
vi.mock('../shared/ui/networkQuiet.ts', () => ({
  whenNetworkQuiet: () =>
    new Promise<void>((resolve) => {
      quiet.release = resolve;
    }),
}));

const { PlayerFooter } = await import('./PlayerSlots.tsx');
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('PlayerFooter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestIdleCallback', 'cancelIdleCallback', 'setTimeout', 'clearTimeout'] });
    bridge.loadPlayer.mockClear();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('loads the player once the browser is idle when a saved queue is to come back', () => {
    localStorage.setItem('sasayaki-queue', JSON.stringify({ queue: [{}], queueIndex: 0 }));
    render(<PlayerFooter />);
    expect(bridge.loadPlayer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(bridge.loadPlayer).toHaveBeenCalledTimes(1);
  });

  it('waits for a quiet network when nothing is queued', async () => {
    render(<PlayerFooter />);
    vi.advanceTimersByTime(5000);
    expect(bridge.loadPlayer).not.toHaveBeenCalled();
    quiet.release();
    vi.useRealTimers();
    await flush();
    expect(bridge.loadPlayer).toHaveBeenCalledTimes(1);
  });

  it('does not load it for a footer that is gone before the network is quiet', async () => {
    const { unmount } = render(<PlayerFooter />);
    unmount();
    quiet.release();
    vi.useRealTimers();
    await flush();
    expect(bridge.loadPlayer).not.toHaveBeenCalled();
  });
});
