import type { Migration } from 'kysely';
import type { AnyDb } from './anyDb.ts';

/**
 * A scan report that stays true (docs/console.md, "Scan reports"):
 * - `works.scan_problems`: what the last reading of a work left out (corrupt or empty files, an
 *   unusable sidecar), JSON, so a scan that finds the work unchanged still lists them;
 * - `scan_report_items.params`: the values a reason's translated text shows (JSON);
 * - `scan_report_items.first_seen`: the scan a problem was first reported by (this one: new).
 */
export const scanProblems: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('works').addColumn('scan_problems', 'text').execute();
    await db.schema.alterTable('scan_report_items').addColumn('params', 'text').execute();
    await db.schema.alterTable('scan_report_items').addColumn('first_seen', 'integer').execute();
  },
};
