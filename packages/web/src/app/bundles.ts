/**
 * Every translation bundle of the app. A feature adds its own bundle file (all three locales,
 * under its own top-level key) and one import line here; `i18n.test.ts` fails when a key is
 * missing in any locale.
 */

import { authBundle } from '../features/account/i18n.ts';
import { worksBundle } from '../features/catalogue/i18n.ts';
import { playerBundle } from '../features/player/i18n.ts';
import { searchBundle } from '../features/search/i18n.ts';
import { workBundle } from '../features/work/i18n.ts';
import { coreBundle } from '../shared/i18n/core.ts';
import type { Bundle } from '../shared/i18n/types.ts';
import { settingsBundle } from '../shared/settings/i18n.ts';
import { appBundle } from './i18n.ts';

export const bundles: Bundle[] = [
  coreBundle,
  appBundle,
  authBundle,
  settingsBundle,
  worksBundle,
  searchBundle,
  workBundle,
  playerBundle,
];
