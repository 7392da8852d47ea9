/**
 * What the shell wires once, before the first render: the API client gets the account's session
 * (shared code depends on no feature), the service worker is registered, and i18n gets the texts
 * of the language it starts in.
 */
import { apiSession } from '../features/account/index.ts';
import { connectSession } from '../shared/api/client.ts';
import { connectLanguages, connectTexts, currentLocale, loadLanguage } from '../shared/i18n/index.ts';
import { catalogues, consoleCatalogues } from './bundles.ts';
import { loadChunk } from './chunkLoad.ts';
import { registerServiceWorker } from './serviceWorker.ts';

/** Resolves when the first render may happen, even without texts (a render beats a blank page). */
export function startUp(): Promise<void> {
  connectSession(apiSession);
  registerServiceWorker();
  connectLanguages((locale) => loadChunk(catalogues[locale]));
  connectTexts('console', (locale) => loadChunk(consoleCatalogues[locale]));
  return loadLanguage(currentLocale()).catch((err: unknown) => {
    console.error('the texts of the interface could not be loaded', err);
  });
}
