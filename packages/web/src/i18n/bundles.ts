/**
 * Every translation bundle of the app. A feature adds its own bundle file (all three locales,
 * under its own top-level key) and one import line here; `i18n.test.ts` fails when a key is
 * missing in any locale.
 */

import { appBundle } from '../app/i18n.ts';
import { authBundle } from '../auth/i18n.ts';
import { playerBundle } from '../player/i18n.ts';
import { searchBundle } from '../search/i18n.ts';
import { settingsBundle } from '../settings/i18n.ts';
import { workBundle } from '../work/i18n.ts';
import { worksBundle } from '../works/i18n.ts';
import { coreBundle } from './core.ts';
import type { Bundle } from './types.ts';

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
