/**
 * Notices the server going away after the app started (a request that got no answer, or the
 * browser's `offline` event) and checks the health endpoint with backoff — 1, 2, 4 … 30 s — until
 * it answers. Meanwhile TanStack Query holds its requests; when the server is back, the lists that
 * failed are fetched again (docs/product.md §8).
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { backoffDelay } from '../shared/api/backoff.ts';
import { onNetworkFailure, useConnection } from '../shared/api/connection.ts';
import { checkHealth, type Health } from './health.ts';

let checkNow: () => void = () => {};

/** The banner's "Retry now": checks at once instead of waiting for the countdown. */
export function retryConnectionNow(): void {
  checkNow();
}

export function startConnectionMonitor(
  queryClient: QueryClient,
  check: () => Promise<Health> = () => checkHealth(),
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const set = useConnection.setState;

  const schedule = (attempt: number, offline: boolean) => {
    clearTimeout(timer);
    const delay = backoffDelay(attempt);
    set({ state: 'down', attempt, nextCheckAt: Date.now() + delay, checking: false, offline }, true);
    timer = setTimeout(run, delay);
  };

  const up = () => {
    clearTimeout(timer);
    set({ state: 'up' }, true);
    onlineManager.setOnline(true);
    void queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
  };

  async function run() {
    const c = useConnection.getState();
    if (c.state !== 'down' || c.checking) return;
    clearTimeout(timer);
    set({ ...c, checking: true }, true);
    const h = await check();
    if (stopped) return;
    // A maintenance answer is an answer: the server is there again.
    if (h.state !== 'down') return up();
    const now = useConnection.getState();
    schedule(now.state === 'down' ? now.attempt + 1 : 0, !navigator.onLine);
  }

  const lost = (offline: boolean) => {
    if (useConnection.getState().state === 'down') return;
    onlineManager.setOnline(false);
    schedule(0, offline);
  };

  checkNow = () => void run();
  const offFailure = onNetworkFailure(() => lost(!navigator.onLine));
  const onOffline = () => lost(true);
  const onOnline = () => void run();
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  if (!navigator.onLine) lost(true);

  return () => {
    stopped = true;
    clearTimeout(timer);
    offFailure();
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    checkNow = () => {};
  };
}
