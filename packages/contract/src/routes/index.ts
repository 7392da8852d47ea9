/**
 * The route table: every operation of the HTTP API, by resource. The server registers exactly
 * these (a test compares them with the running app), the OpenAPI document is generated from
 * them and the web app's client is typed by them.
 */
import { admin, credentials } from './admin.ts';
import { appPasswords } from './appPasswords.ts';
import { auth } from './auth.ts';
import { backups } from './backups.ts';
import { circles, search, tags, vas, work, works } from './catalogue.ts';
import { consoleRoutes } from './console.ts';
import type { RouteSpec } from './define.ts';
import { feedback } from './feedback.ts';
import { invitations } from './invitations.ts';
import { libraries } from './libraries.ts';
import { bookmarks, listening } from './listening.ts';
import { media } from './media.ts';
import { playlists } from './playlists.ts';
import { recommender } from './recommender.ts';
import { reviews } from './reviews.ts';
import { server } from './server.ts';
import { sessions } from './sessions.ts';
import { setup } from './setup.ts';
import { subtitles } from './subtitles.ts';
import { votes } from './votes.ts';

export const ROUTES = {
  server,
  auth,
  appPasswords,
  sessions,
  works,
  search,
  work,
  circles,
  tags,
  vas,
  media,
  reviews,
  votes,
  playlists,
  recommender,
  feedback,
  admin,
  credentials,
  setup,
  libraries,
  backups,
  console: consoleRoutes,
  invitations,
  subtitles,
  listening,
  bookmarks,
} as const;

export type Routes = typeof ROUTES;

/** Every route of the table, in a flat list. */
export const ROUTE_LIST: readonly RouteSpec[] = Object.values(ROUTES).flatMap((group) =>
  Object.values(group as Record<string, RouteSpec>),
);
