/**
 * A screen whose code is its own chunk. Unlike a router `lazy` route, whose failure is remembered
 * for good, a failed load here is forgotten when the page area's Retry asks for it
 * (`retryFailedScreens`), so the same screen can be loaded again without reloading the app.
 */
import { type ComponentType, use } from 'react';
import { loadChunk } from './chunkLoad.ts';

const failed = new Set<() => void>();

/** Lets every screen whose chunk failed try again on its next render. */
export function retryFailedScreens(): void {
  for (const forget of failed) forget();
  failed.clear();
}

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const forget = () => {
    pending = null;
  };
  const start = () => {
    pending ??= loadChunk(load).then(
      (c) => {
        loaded = c;
        return c;
      },
      (err: unknown) => {
        failed.add(forget);
        throw err;
      },
    );
    return pending;
  };
  function Screen(props: P) {
    const C = loaded ?? use(start());
    return <C {...props} />;
  }
  return Screen;
}
