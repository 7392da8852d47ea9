/**
 * Notifications to every instance on this PostgreSQL schema (db/dedicated.ts `PgListener` hears
 * them). Sent inside the writing transaction, PostgreSQL delivers them when it commits, and not
 * at all when it rolls back.
 */
import { sql } from 'kysely';
import type { Queryable } from './queryable.ts';

export async function notifyInstances(q: Queryable, payload: string): Promise<void> {
  await sql`select pg_notify('sasayaki:' || current_schema(), ${payload})`.execute(q);
}
