/**
 * Registers the service worker (/sw.js, built from src/serviceWorker/sw.ts) in a production build,
 * where the browser allows one (HTTPS or localhost). The dev server has none.
 *
 * Installing it downloads every script of the build (about 60 files on a first visit), so it
 * waits until the first screen has what it asked for: the page loaded, then no request finished
 * for QUIET_MS (at most MAX_WAIT_MS). Registered at `load`, it competed with the works page's own
 * scripts, answers and covers.
 */
const QUIET_MS = 1500;
const MAX_WAIT_MS = 15_000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    void whenNetworkQuiet().then(() =>
      navigator.serviceWorker.register('/sw.js').catch((err: unknown) => {
        console.warn('the service worker could not be registered', err);
      }),
    );
  });
}

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
