/** The `audit_log` table: administrator actions, newest first. */
import type { Insertable, Selectable } from 'kysely';
import type { AuditLogTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export type AuditRow = Selectable<AuditLogTable>;

export async function insertAuditEntry(q: Queryable, row: Insertable<AuditLogTable>): Promise<void> {
  await q.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  actor?: string;
  action?: string;
}

function filtered(q: Queryable, f: AuditFilter) {
  let query = q.selectFrom('audit_log');
  if (f.actor) query = query.where('actor_name', '=', f.actor);
  if (f.action) query = query.where('action', '=', f.action);
  return query;
}

export async function auditPage(
  q: Queryable,
  f: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  return filtered(q, f)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAudit(q: Queryable, f: AuditFilter): Promise<number> {
  const row = await filtered(q, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The actions the log holds, for the console's filter. */
export async function auditActions(q: Queryable): Promise<string[]> {
  const rows = await q.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}
