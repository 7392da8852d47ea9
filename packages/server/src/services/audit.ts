/**
 * The audit log: every administrator action — who, what, when, on what, with which details.
 * The service that does an action records it after it succeeded (`recordAudit`), so every
 * adapter's call is logged alike; secrets and passwords never go into the details.
 */
import type { AuditEntry } from '@sasayaki/contract';
import { requireAccess } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import {
  type AuditFilter,
  auditActions,
  auditPage,
  countAudit,
  insertAuditEntry,
} from '../repositories/audit.ts';
import type { Queryable } from '../repositories/queryable.ts';

export interface AuditRecord {
  action: string;
  /** What the action was on: an account name, a setting, a work, a cache. */
  target?: string;
  details?: Record<string, unknown>;
}

export async function recordAudit(q: Queryable, actor: Principal, entry: AuditRecord): Promise<void> {
  await insertAuditEntry(q, {
    at: Date.now(),
    actor_id: actor.kind === 'account' ? actor.id : null,
    actor_name: actor.kind === 'account' ? actor.name : '',
    action: entry.action,
    target: entry.target ?? '',
    details: JSON.stringify(entry.details ?? {}),
  });
}

export async function listAudit(
  db: Db,
  viewer: Principal,
  filter: AuditFilter,
  page: number,
  pageSize: number,
) {
  requireAccess(viewer, 'admin');
  const [rows, total, actions] = await Promise.all([
    auditPage(db, filter, pageSize, (page - 1) * pageSize),
    countAudit(db, filter),
    auditActions(db),
  ]);
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: Number(r.at),
    actor: r.actor_name,
    action: r.action,
    target: r.target,
    details: parseDetails(r.details),
  }));
  return { entries, total, actions };
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}
