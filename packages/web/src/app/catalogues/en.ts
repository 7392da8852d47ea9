/**
 * Every text of the interface in English: one chunk, loaded only while the interface is in
 * English (app/bundles.ts).
 */

import { messages as account } from '../../features/account/i18n/en.ts';
import { messages as admin } from '../../features/admin/i18n/en.ts';
import { messages as catalogue } from '../../features/catalogue/i18n/en.ts';
import { messages as downloads } from '../../features/downloads/i18n/en.ts';
import { messages as favourites } from '../../features/favourites/i18n/en.ts';
import { messages as player } from '../../features/player/i18n/en.ts';
import { messages as playlists } from '../../features/playlists/i18n/en.ts';
import { messages as search } from '../../features/search/i18n/en.ts';
import { messages as subtitles } from '../../features/subtitles/i18n/en.ts';
import { messages as work } from '../../features/work/i18n/en.ts';
import { messages as core } from '../../shared/i18n/core/en.ts';
import { messages as errorCodes } from '../../shared/i18n/errorCodes/en.ts';
import type { Messages } from '../../shared/i18n/types.ts';
import { messages as settings } from '../../shared/settings/i18n/en.ts';
import { messages as app } from '../i18n/en.ts';

export const texts: readonly Messages[] = [
  core,
  errorCodes,
  app,
  settings,
  account,
  admin,
  catalogue,
  downloads,
  favourites,
  player,
  playlists,
  search,
  subtitles,
  work,
];
