import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Scan schedules per library root (services/scans/schedule.ts, docs/console.md "Scan schedules"):
 * the mode (`default`, `off`, `hours`, `daily`) and its value, and when the schedule last started
 * a scan of the root — the claim that makes a due scan run once across instances.
 */
export function scanSchedules(dialect: Dialect): Migration {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('scan_schedules')
        .addColumn('root_id', 'integer', (c) => c.primaryKey())
        .addColumn('mode', 'text', (c) => c.notNull().defaultTo('default'))
        .addColumn('hours', 'integer')
        .addColumn('daily_at', 'text')
        .addColumn('last_run_at', big)
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();
    },
  };
}
