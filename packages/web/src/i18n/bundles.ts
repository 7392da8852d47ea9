/**
 * Every translation bundle of the app. A feature adds its own bundle file (all three locales,
 * under its own top-level key) and one import line here; `i18n.test.ts` fails when a key is
 * missing in any locale.
 */
import { authBundle } from '../auth/i18n.ts';
import { playerBundle } from '../player/i18n.ts';
import { settingsBundle } from '../settings/i18n.ts';
import { coreBundle } from './core.ts';
import type { Bundle } from './types.ts';

export const bundles: Bundle[] = [coreBundle, authBundle, settingsBundle, playerBundle];
