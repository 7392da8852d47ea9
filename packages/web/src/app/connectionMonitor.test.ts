import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportNetworkFailure, useConnection } from '../shared/api/connection.ts';
import { retryConnectionNow, startConnectionMonitor } from './connectionMonitor.ts';
import type { Health } from './health.ts';

describe('connection monitor', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    useConnection.setState({ state: 'up' }, true);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('waits 1, 2, 4 s between health checks while the server is away, then refetches failed lists', async () => {
    const answers: Health['state'][] = ['down', 'down', 'ok'];
    const check = vi.fn(async (): Promise<Health> => ({ state: answers.shift() ?? 'ok' }) as Health);
    const client = new QueryClient();
    const failing = vi
      .fn()
      .mockRejectedValueOnce(new Error('no answer'))
      .mockRejectedValueOnce(new Error('no answer'))
      .mockResolvedValue([1]);
    await client.prefetchQuery({ queryKey: ['works'], queryFn: failing, retry: false });
    const observer = client.getQueryCache().find({ queryKey: ['works'] });
    expect(observer?.state.status).toBe('error');
    // an active observer, as a mounted list has
    const { QueryObserver } = await import('@tanstack/react-query');
    const unsubscribe = new QueryObserver(client, {
      queryKey: ['works'],
      queryFn: failing,
      retry: false,
    }).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getQueryState(['works'])?.status).toBe('error');
    const callsBefore = failing.mock.calls.length;

    stop = startConnectionMonitor(client, check);
    reportNetworkFailure();
    const first = useConnection.getState();
    expect(first).toMatchObject({ state: 'down', attempt: 0 });
    if (first.state !== 'down') throw new Error('not down');
    expect(first.nextCheckAt - Date.now()).toBe(1000);

    await vi.advanceTimersByTimeAsync(1000);
    expect(check).toHaveBeenCalledTimes(1);
    const second = useConnection.getState();
    expect(second).toMatchObject({ state: 'down', attempt: 1 });
    if (second.state !== 'down') throw new Error('not down');
    expect(second.nextCheckAt - Date.now()).toBe(2000);

    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(useConnection.getState()).toMatchObject({ state: 'down', attempt: 2 });

    // "Retry now" does not wait for the 4 s
    retryConnectionNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(3);
    expect(useConnection.getState()).toEqual({ state: 'up' });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.mock.calls.length).toBeGreaterThan(callsBefore);
    expect(client.getQueryState(['works'])?.status).toBe('success');
    unsubscribe();
  });

  it('treats the browser going offline as a lost connection', () => {
    stop = startConnectionMonitor(new QueryClient(), async () => ({ state: 'down' }));
    window.dispatchEvent(new Event('offline'));
    expect(useConnection.getState()).toMatchObject({ state: 'down', offline: true });
  });
});
