/**
 * "The first screen has what it asked for": work that can wait (the service worker's install, the
 * player's code when nothing is queued) starts once no resource has finished loading for QUIET_MS,
 * and at the latest MAX_WAIT_MS after it was asked.
 */
const QUIET_MS = 1500;
const MAX_WAIT_MS = 15_000;

/**
 * Resolves once no resource has finished loading for QUIET_MS. A request still running (an audio
 * stream) never finishes, so it does not hold this back.
 */
export function whenNetworkQuiet(): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const observer =
      typeof PerformanceObserver === 'undefined' ? null : new PerformanceObserver(() => restart());
    const done = () => {
      observer?.disconnect();
      clearTimeout(quiet);
      clearTimeout(cap);
      resolve();
    };
    const restart = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, QUIET_MS);
    };
    const cap = setTimeout(done, MAX_WAIT_MS);
    observer?.observe({ type: 'resource' });
    restart();
  });
}
