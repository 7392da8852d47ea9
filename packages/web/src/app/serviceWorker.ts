/**
 * Registers the service worker (/sw.js, built from src/serviceWorker/sw.ts) in a production build,
 * where the browser allows one (HTTPS or localhost). The dev server has none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => {
      console.warn('the service worker could not be registered', err);
    });
  });
}
