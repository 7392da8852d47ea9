import type { ColumnDefinitionBuilder, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Scans and their reports (services/scans/runner.ts). A running scan's row is updated about once a
 * second, so every instance on one PostgreSQL database can show it; reports keep the last scans.
 */
export function scanRuns(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  const real = pg ? 'double precision' : 'real';
  const serialPk = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
  const count = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('scan_runs')
        .addColumn('id', 'integer', serialPk)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('started_by', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('started_at', big, (c) => c.notNull())
        .addColumn('finished_at', big)
        .addColumn('updated_at', big, (c) => c.notNull())
        .addColumn('phase', 'text')
        .addColumn('works_done', 'integer', count)
        .addColumn('works_total', 'integer', count)
        .addColumn('files', 'integer', count)
        .addColumn('current', 'text')
        .addColumn('works_per_second', real, count)
        .addColumn('files_per_second', real, count)
        .addColumn('eta_seconds', real)
        .addColumn('added', 'integer', count)
        .addColumn('updated', 'integer', count)
        .addColumn('removed', 'integer', count)
        .addColumn('unchanged', 'integer', count)
        .addColumn('skipped', 'integer', count)
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createTable('scan_report_items')
        .addColumn('id', 'integer', serialPk)
        .addColumn('scan_id', 'integer', (c) => c.notNull().references('scan_runs.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('scan_report_items_scan')
        .on('scan_report_items')
        .columns(['scan_id', 'id'])
        .execute();
    },
  };
}
