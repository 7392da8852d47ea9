import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Sign-in limit counters shared by every instance on PostgreSQL (renamed limit_counters by 100).
 * SQLite is one process and keeps them in memory: no table there.
 */
export function loginLimits(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('login_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_end', 'bigint', (c) => c.notNull())
        .addColumn('next_try_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_limits_window_end')
        .on('login_limits')
        .column('window_end')
        .execute();
    },
  };
}
