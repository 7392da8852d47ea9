/**
 * Every translation bundle besides the shared words (shared/i18n/core.ts), registered at start-up.
 * A feature keeps its texts in its own i18n.ts (all three locales, under its own top-level key) and
 * gets one line here; `bundles.test.ts` fails when a key is missing in any locale.
 */
import { authBundle } from '../features/account/i18n.ts';
import { adminBundle } from '../features/admin/i18n.ts';
import { worksBundle } from '../features/catalogue/i18n.ts';
import { downloadsBundle } from '../features/downloads/i18n.ts';
import { favouritesBundle } from '../features/favourites/i18n.ts';
import { playerBundle } from '../features/player/i18n.ts';
import { playlistsBundle } from '../features/playlists/i18n.ts';
import { searchBundle } from '../features/search/i18n.ts';
import { subtitlesBundle } from '../features/subtitles/i18n.ts';
import { workBundle } from '../features/work/i18n.ts';
import type { Bundle } from '../shared/i18n/index.ts';
import { settingsBundle } from '../shared/settings/i18n.ts';
import { appBundle } from './i18n.ts';

export const bundles: Bundle[] = [
  appBundle,
  authBundle,
  settingsBundle,
  worksBundle,
  playlistsBundle,
  favouritesBundle,
  searchBundle,
  workBundle,
  playerBundle,
  subtitlesBundle,
  adminBundle,
  downloadsBundle,
];
