import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * One table for every limit counter on PostgreSQL (infra/limits/counterStore.ts): the sign-in
 * counters' `login_limits` becomes `limit_counters` and the request limits' `request_limits`
 * goes; each limit's keys are apart by their prefix. Counters are short-lived (an hour at most),
 * so the request limits' windows in flight at the upgrade simply start again.
 * SQLite keeps its counters in memory: nothing to do there.
 */
export function limitCounters(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await db.schema.alterTable('login_limits').renameTo('limit_counters').execute();
      await sql`alter index login_limits_window_end rename to limit_counters_window_end`.execute(db);
      await db.schema.dropTable('request_limits').execute();
    },
  };
}
