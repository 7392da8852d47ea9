/** What every route and service reaches: configuration, site settings, the database, the library on disk, the logger. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import type { InstanceSignals } from './infra/cluster/signals.ts';
import type { RecentErrors } from './infra/recentErrors.ts';
import type { SiteSettings } from './siteSettings.ts';
import type { Library } from './storage/library.ts';

export interface AppContext {
  config: Config;
  db: Db;
  library: Library;
  log: FastifyBaseLogger;
  /** The site settings an administrator changes in the console (siteSettings.ts). */
  settings: SiteSettings;
  /** The last server errors, for the console's health screen. */
  recentErrors: RecentErrors;
  /** What the other instances on the same PostgreSQL database changed (infra/cluster/signals.ts). */
  signals: InstanceSignals;
}
