/** What every route and service reaches: settings, the database, the library on disk, the logger. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import type { Library } from './storage/library.ts';

export interface AppContext {
  config: Config;
  db: Db;
  library: Library;
  log: FastifyBaseLogger;
}
