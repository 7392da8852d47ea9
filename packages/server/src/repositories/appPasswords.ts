/** The `app_passwords` table: per-device passwords of the Subsonic API. */
import type { AppPasswordRow } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export type NewAppPasswordRow = Omit<AppPasswordRow, 'id' | 'last_used_at'>;

export async function insertAppPassword(q: Queryable, row: NewAppPasswordRow): Promise<number> {
  const r = await q.insertInto('app_passwords').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** A user's app passwords, newest first. */
export async function appPasswordsOfUser(q: Queryable, userId: number): Promise<AppPasswordRow[]> {
  return q
    .selectFrom('app_passwords')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countAppPasswords(q: Queryable, userId: number): Promise<number> {
  const r = await q
    .selectFrom('app_passwords')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The app password with this secret hash (an apiKey), with its owner's id. */
export async function appPasswordByHash(
  q: Queryable,
  secretHash: string,
): Promise<AppPasswordRow | undefined> {
  return q.selectFrom('app_passwords').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
}

/** Deletes one of the user's app passwords; answers how many rows went (0 or 1). */
export async function deleteAppPassword(q: Queryable, userId: number, id: number): Promise<number> {
  const r = await q
    .deleteFrom('app_passwords')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function touchAppPassword(q: Queryable, id: number, now: number): Promise<void> {
  await q.updateTable('app_passwords').set({ last_used_at: now }).where('id', '=', id).execute();
}
