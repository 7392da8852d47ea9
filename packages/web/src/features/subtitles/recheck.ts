/**
 * The settings' `localSubtitledWorks` outlives the browser database when only the site's
 * IndexedDB is cleared (by the browser or by the user): the ids are re-read at start and whenever
 * the tab comes back, so the lists stop sending works whose subtitles are gone. Nothing is loaded
 * while the list is empty.
 */
import { useSettings } from '../../shared/settings/store.ts';

const recheck = (): void => {
  if (useSettings.getState().localSubtitledWorks.length === 0) return;
  void import('./actions.ts').then((m) => m.refreshSubtitledWorks()).catch(() => undefined);
};

/** Re-checks now and on every return to the tab; returns the removal of the listener. */
export function installSubtitledWorksCheck(target: Document = document): () => void {
  const onVisible = () => {
    if (target.visibilityState === 'visible') recheck();
  };
  recheck();
  target.addEventListener('visibilitychange', onVisible);
  return () => target.removeEventListener('visibilitychange', onVisible);
}
