/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`), or after `fallbackMs`
 * where there is no requestIdleCallback (Safari). Returns what cancels it: an effect's cleanup.
 */
export function onIdle(run: () => void, timeoutMs: number, fallbackMs: number): () => void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, fallbackMs);
  return () => clearTimeout(id);
}
