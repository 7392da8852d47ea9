/** The `scan_schedules` table: when each library root is scanned by itself. */

import type { Selectable } from 'kysely';
import type { ScanSchedulesTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export type ScanScheduleRow = Selectable<ScanSchedulesTable>;

export async function allScanSchedules(q: Queryable): Promise<ScanScheduleRow[]> {
  return q.selectFrom('scan_schedules').selectAll().orderBy('root_id').execute();
}

/** Sets a root's schedule (its last run is kept). */
export async function saveScanSchedule(
  q: Queryable,
  row: { root_id: number; mode: string; hours: number | null; daily_at: string | null; updated_at: number },
): Promise<void> {
  await q
    .insertInto('scan_schedules')
    .values(row)
    .onConflict((oc) =>
      oc.column('root_id').doUpdateSet({
        mode: row.mode,
        hours: row.hours,
        daily_at: row.daily_at,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/**
 * Claims a due scheduled scan of a root: sets its last run to `now` only if it still is `last`
 * (null: never). Answers whether this caller won: of two instances seeing the same due scan, one.
 */
export async function claimScheduledRun(
  q: Queryable,
  rootId: number,
  last: number | null,
  now: number,
): Promise<boolean> {
  await q
    .insertInto('scan_schedules')
    .values({
      root_id: rootId,
      mode: 'default',
      hours: null,
      daily_at: null,
      last_run_at: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('root_id').doNothing())
    .execute();
  let update = q.updateTable('scan_schedules').set({ last_run_at: now }).where('root_id', '=', rootId);
  update = last === null ? update.where('last_run_at', 'is', null) : update.where('last_run_at', '=', last);
  const r = await update.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
