/**
 * Registers the service worker (/sw.js, built from src/serviceWorker/sw.ts) in a production build,
 * where the browser allows one (HTTPS or localhost). The dev server has none.
 *
 * Installing it downloads every script of the build (about 60 files on a first visit), so it
 * waits until the first screen has what it asked for: the page loaded, then no request finished
 * for a moment (shared/ui/networkQuiet.ts). Registered at `load`, it competed with the works page's own
 * scripts, answers and covers.
 */
import { whenNetworkQuiet } from '../shared/ui/networkQuiet.ts';

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
