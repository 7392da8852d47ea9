/** The `scan_runs` and `scan_report_items` tables: scans, their progress and their reports. */
import { type Insertable, sql, type Updateable } from 'kysely';
import type { ScanReportItemsTable, ScanRunRow, ScanRunsTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export async function insertScanRun(q: Queryable, row: Insertable<ScanRunsTable>): Promise<number> {
  const r = await q.insertInto('scan_runs').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateScanRun(q: Queryable, id: number, set: Updateable<ScanRunsTable>): Promise<void> {
  await q.updateTable('scan_runs').set(set).where('id', '=', id).execute();
}

export async function findScanRun(q: Queryable, id: number): Promise<ScanRunRow | undefined> {
  return q.selectFrom('scan_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The last scans, newest first. */
export async function recentScanRuns(q: Queryable, limit: number): Promise<ScanRunRow[]> {
  return q.selectFrom('scan_runs').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** Scans left `running` by a server that stopped mid-scan, updated last before `before`. */
export async function failStaleScanRuns(q: Queryable, before: number, now: number): Promise<void> {
  await q
    .updateTable('scan_runs')
    .set({ status: 'failed', finished_at: now, error: 'the server stopped during the scan' })
    .where('status', '=', 'running')
    .where('updated_at', '<', before)
    .execute();
}

/** Deletes every scan but the newest `keep` (their report lines go with them). */
export async function pruneScanRuns(q: Queryable, keep: number): Promise<void> {
  const kept = q.selectFrom('scan_runs').select('id').orderBy('id', 'desc').limit(keep);
  const oldest = await kept.offset(keep - 1).executeTakeFirst();
  if (!oldest) return;
  await q.deleteFrom('scan_report_items').where('scan_id', '<', oldest.id).execute();
  await q.deleteFrom('scan_runs').where('id', '<', oldest.id).execute();
}

export async function insertReportItems(
  q: Queryable,
  rows: Insertable<ScanReportItemsTable>[],
): Promise<void> {
  if (rows.length) await q.insertInto('scan_report_items').values(rows).execute();
}

/**
 * The problems the newest finished scan before `scanId` listed, with the scan each was first
 * reported by: what tells a problem known since scan #N from a new one.
 */
export async function previousProblems(
  q: Queryable,
  scanId: number,
): Promise<{ reason: string | null; path: string; first_seen: number | null; scan_id: number }[]> {
  const prev = await q
    .selectFrom('scan_runs')
    .select('id')
    .where('status', '=', 'finished')
    .where('id', '<', scanId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!prev) return [];
  return q
    .selectFrom('scan_report_items')
    .select(['reason', 'path', 'first_seen', 'scan_id'])
    .where('scan_id', '=', prev.id)
    .where('kind', '=', 'skipped')
    .execute();
}

export interface ReportFilter {
  scanId: number;
  kind?: string;
  /** Text the path or detail contains (case-insensitive for ASCII). */
  text?: string;
}

function filtered(q: Queryable, f: ReportFilter) {
  let query = q.selectFrom('scan_report_items').where('scan_id', '=', f.scanId);
  if (f.kind) query = query.where('kind', '=', f.kind);
  if (f.text) {
    const like = `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
    // An explicit escape character: SQLite's LIKE has none by default.
    query = query.where(
      sql<boolean>`(lower(path) like ${like} escape '\\' or lower(detail) like ${like} escape '\\')`,
    );
  }
  return query;
}

export async function reportItemsPage(q: Queryable, f: ReportFilter, limit: number, offset: number) {
  return filtered(q, f)
    .select(['id', 'kind', 'reason', 'path', 'detail', 'params', 'first_seen'])
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countReportItems(q: Queryable, f: ReportFilter): Promise<number> {
  const r = await filtered(q, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Lines per kind of one scan's report. */
export async function reportCounts(q: Queryable, scanId: number): Promise<Record<string, number>> {
  const rows = await q
    .selectFrom('scan_report_items')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('scan_id', '=', scanId)
    .groupBy('kind')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}

/**
 * PostgreSQL: instances asking for a scan at the same moment take turns here (a transaction
 * lock, per schema), so only one of them finds no scan running and starts one.
 */
export async function lockScanClaims(tx: Queryable): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':sasayaki-scan-claim'))`.execute(tx);
}

/** The newest scan still `running` and written since `freshAfter` (its server is alive). */
export async function freshRunningScan(q: Queryable, freshAfter: number): Promise<ScanRunRow | undefined> {
  return q
    .selectFrom('scan_runs')
    .selectAll()
    .where('status', '=', 'running')
    .where('updated_at', '>=', freshAfter)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
