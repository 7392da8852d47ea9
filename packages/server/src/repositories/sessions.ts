/** Sessions (services/sessions.ts): one row per signed-in device. */
import type { Insertable } from 'kysely';
import type { SessionsTable, UserRow } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export type SessionRow = {
  id: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  client: string;
  address: string;
};

const COLUMNS = ['id', 'user_id', 'created_at', 'last_seen_at', 'expires_at', 'client', 'address'] as const;

export async function insertSession(q: Queryable, row: Insertable<SessionsTable>): Promise<void> {
  await q.insertInto('sessions').values(row).execute();
}

/** Drops every expired session, and the ones a password or group change ended. */
export async function deleteEndedSessions(q: Queryable, now: number): Promise<void> {
  await q
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb(
          'token_version',
          '!=',
          eb.selectFrom('users').select('users.token_version').whereRef('users.id', '=', 'sessions.user_id'),
        ),
      ]),
    )
    .execute();
}

/** Keeps the `keep` sessions of an account seen last; drops the others. */
export async function trimSessions(q: Queryable, userId: number, keep: number): Promise<void> {
  await q
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      q
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id')
        .limit(keep),
    )
    .execute();
}

/**
 * The holder of a session, while the session lives: not expired, of this account, begun at the
 * account's current token_version (one query per request, on every instance).
 */
export async function findSessionHolder(
  q: Queryable,
  sessionId: string,
  userId: number,
  now: number,
): Promise<
  | (Pick<UserRow, 'id' | 'name' | 'grp' | 'token_version' | 'last_seen_at' | 'disabled_at'> & {
      session_seen_at: number;
      expires_at: number;
    })
  | undefined
> {
  return q
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.name',
      'users.grp',
      'users.token_version',
      'users.last_seen_at',
      'users.disabled_at',
      'sessions.last_seen_at as session_seen_at',
      'sessions.expires_at',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.expires_at', '>', now)
    .whereRef('sessions.token_version', '=', 'users.token_version')
    .executeTakeFirst();
}

/** Notes a request of the session (and where from), unless one was noted in the last `everyMs`. */
export async function touchSession(
  q: Queryable,
  id: string,
  address: string,
  now: number,
  everyMs: number,
): Promise<void> {
  await q
    .updateTable('sessions')
    .set({ last_seen_at: now, address })
    .where('id', '=', id)
    .where('last_seen_at', '<', now - everyMs)
    .execute();
}

/** The live sessions of an account, seen last first. */
export async function sessionsOf(q: Queryable, userId: number, now: number): Promise<SessionRow[]> {
  return q
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(COLUMNS.map((c) => `sessions.${c}` as const))
    .where('sessions.user_id', '=', userId)
    .where('sessions.expires_at', '>', now)
    .whereRef('sessions.token_version', '=', 'users.token_version')
    .orderBy('sessions.last_seen_at', 'desc')
    .orderBy('sessions.id')
    .execute();
}

/** Ends one session of an account; the number ended (0 when it was not the account's). */
export async function deleteSession(q: Queryable, userId: number, id: string): Promise<number> {
  const r = await q
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Ends every session of an account but `exceptId` (none spared when null); the number ended. */
export async function deleteSessionsOf(
  q: Queryable,
  userId: number,
  exceptId: string | null,
): Promise<number> {
  let query = q.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  const r = await query.executeTakeFirst();
  return Number(r.numDeletedRows);
}
