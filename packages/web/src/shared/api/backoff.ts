/**
 * The one waiting rule for trying again after a failure (docs/product.md §8): 1 s, 2 s, 4 s …
 * doubling up to 30 s. Attempt 0 is the first retry.
 */
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

export function backoffDelay(attempt: number, firstMs = BACKOFF_FIRST_MS, maxMs = BACKOFF_MAX_MS): number {
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(maxMs, firstMs * 2 ** Math.min(n, 30));
}

/** Resolves after `ms`, or rejects when the signal aborts first. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
