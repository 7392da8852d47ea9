/** The `email_verifications` table: one-time codes that link an email or reset a password. */
import type { EmailVerificationRow } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export async function deleteOpenCodes(q: Queryable, userId: number, purpose: string): Promise<void> {
  await q
    .deleteFrom('email_verifications')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

export async function deleteExpiredCodes(q: Queryable, userId: number, now: number): Promise<void> {
  await q
    .deleteFrom('email_verifications')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}

export async function insertCode(q: Queryable, row: Omit<EmailVerificationRow, 'attempts'>): Promise<void> {
  await q.insertInto('email_verifications').values(row).execute();
}

/**
 * Counts one more attempt on a live code (of this user, when given) and answers its row; undefined
 * when it is unknown, expired or out of tries.
 */
export async function claimAttempt(
  q: Queryable,
  id: string,
  purpose: string,
  maxAttempts: number,
  now: number,
  userId?: number,
): Promise<EmailVerificationRow | undefined> {
  let claim = q
    .updateTable('email_verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now);
  if (userId !== undefined) claim = claim.where('user_id', '=', userId);
  return claim.returningAll().executeTakeFirst();
}

/** Drops a code (of this user, when given). */
export async function deleteCode(q: Queryable, id: string, purpose: string, userId?: number): Promise<void> {
  let dead = q.deleteFrom('email_verifications').where('id', '=', id).where('purpose', '=', purpose);
  if (userId !== undefined) dead = dead.where('user_id', '=', userId);
  await dead.execute();
}

/** Uses a code up; false when another request used it first. */
export async function useCode(q: Queryable, id: string): Promise<boolean> {
  const used = await q.deleteFrom('email_verifications').where('id', '=', id).executeTakeFirst();
  return Number(used.numDeletedRows) > 0;
}
