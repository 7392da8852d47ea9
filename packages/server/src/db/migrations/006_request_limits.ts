import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Request limit counters (guest traffic, "report a problem") shared by every instance on
 * PostgreSQL (infra/limits/rateLimit.ts). SQLite is one process and keeps them in memory: no table.
 */
export function requestLimits(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('request_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_end', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('request_limits_window_end')
        .on('request_limits')
        .column('window_end')
        .execute();
    },
  };
}
