/** The `invitations` table: one-time codes to register, newest first. */
import type { Insertable } from 'kysely';
import type { InvitationRow, InvitationsTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export async function insertInvitation(
  q: Queryable,
  row: Insertable<InvitationsTable>,
): Promise<InvitationRow> {
  return q.insertInto('invitations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The newest invitations first, at most `limit`. */
export async function recentInvitations(q: Queryable, limit: number): Promise<InvitationRow[]> {
  return q
    .selectFrom('invitations')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findInvitationByHash(
  q: Queryable,
  codeHash: string,
): Promise<InvitationRow | undefined> {
  return q.selectFrom('invitations').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Revokes an invitation not used yet; answers whether one was. */
export async function revokeInvitation(q: Queryable, id: number, now: number): Promise<boolean> {
  const r = await q
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Marks the invitation used by `name` if it still can be (not used, revoked or expired): of
 * two redemptions racing, the database lets exactly one update the row.
 */
export async function claimInvitation(
  q: Queryable,
  codeHash: string,
  name: string,
  now: number,
): Promise<boolean> {
  const r = await q
    .updateTable('invitations')
    .set({ used_at: now, used_by: name })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
