/**
 * What the shell wires once, before the first render: the API client gets the account's session
 * (shared code depends on no feature), and i18n gets every feature's texts.
 */
import { apiSession } from '../features/account/index.ts';
import { connectSession } from '../shared/api/client.ts';
import { registerBundles } from '../shared/i18n/index.ts';
import { bundles } from './bundles.ts';

export function startUp(): void {
  connectSession(apiSession);
  registerBundles(bundles);
}
