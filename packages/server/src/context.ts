/** What every route and service reaches: settings, the database and the logger. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';

export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
}
