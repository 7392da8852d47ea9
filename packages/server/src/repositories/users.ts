/** The `users` table: accounts, their password hashes, groups, emails and token versions. */
import { type SqlBool, sql, type Updateable } from 'kysely';
import type { UserRow, UsersTable } from '../db/schema.ts';
import type { Dialect, Queryable } from './queryable.ts';
import { likeContains } from './searchSql.ts';

export type NewUserRow = Pick<
  UserRow,
  | 'name'
  | 'name_key'
  | 'name_skeleton'
  | 'password_hash'
  | 'grp'
  | 'email'
  | 'recommender_uuid'
  | 'created_at'
  | 'updated_at'
>;

/** The id of an account whose name, or name key, is one of these. */
/** An account with this name, or one whose name normalises or reads (skeleton) the same. */
export async function findUserIdByNameOrKey(
  q: Queryable,
  name: string,
  key: string,
  skeleton: string,
): Promise<{ id: number } | undefined> {
  return q
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([eb('name', '=', name), eb('name_key', '=', key), eb('name_skeleton', '=', skeleton)]),
    )
    .executeTakeFirst();
}

export async function insertUser(q: Queryable, row: NewUserRow): Promise<UserRow> {
  return q.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findUserRowByName(q: Queryable, name: string): Promise<UserRow | undefined> {
  return q.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function findUserRowByNameKey(q: Queryable, key: string): Promise<UserRow | undefined> {
  return q.selectFrom('users').selectAll().where('name_key', '=', key).executeTakeFirst();
}

export async function findUserRowById(q: Queryable, id: number): Promise<UserRow | undefined> {
  return q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserRowByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return q.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Another account than `exceptId` (if given) that has this email. */
export async function findUserIdByEmail(
  q: Queryable,
  email: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  let query = q.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/**
 * An update of the fields an account's tokens vouch for (its password, its group): it also bumps
 * token_version, so every token issued before stops working.
 */
function updateRevokingTokens(
  q: Queryable,
  fields: Pick<Updateable<UsersTable>, 'password_hash' | 'grp' | 'disabled_at'>,
  now: number,
) {
  return q
    .updateTable('users')
    .set((eb) => ({ ...fields, token_version: eb('token_version', '+', 1), updated_at: now }));
}

/** A new password hash and token version for the account of this name; the number of rows changed. */
export async function updatePasswordByName(
  q: Queryable,
  name: string,
  passwordHash: string,
  now: number,
): Promise<number> {
  const res = await updateRevokingTokens(q, { password_hash: passwordHash }, now)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function updatePasswordById(
  q: Queryable,
  id: number,
  passwordHash: string,
  now: number,
): Promise<UserRow> {
  return updateRevokingTokens(q, { password_hash: passwordHash }, now)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEmail(
  q: Queryable,
  id: number,
  email: string | null,
  now: number,
): Promise<UserRow> {
  return q
    .updateTable('users')
    .set({ email, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The number of rows deleted. */
export async function deleteUserByName(q: Queryable, name: string): Promise<number> {
  const res = await q.deleteFrom('users').where('name', '=', name).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function deleteUserById(q: Queryable, id: number): Promise<void> {
  await q.deleteFrom('users').where('id', '=', id).execute();
}

export async function allUsers(
  q: Queryable,
): Promise<Pick<UserRow, 'id' | 'name' | 'grp' | 'email' | 'created_at'>[]> {
  return q.selectFrom('users').select(['id', 'name', 'grp', 'email', 'created_at']).orderBy('id').execute();
}

/** Some administrator's id, or undefined while the server has none (first run). */
export async function anyAdministratorId(q: Queryable): Promise<number | undefined> {
  const row = await q
    .selectFrom('users')
    .select('id')
    .where('grp', '=', 'administrator')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Notes a request of the account, unless one was noted in the last `everyMs` (any instance). */
export async function touchLastSeen(q: Queryable, id: number, now: number, everyMs: number): Promise<void> {
  await q
    .updateTable('users')
    .set({ last_seen_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', now - everyMs)]))
    .execute();
}

/** Disables (a time) or enables (null) an account; its tokens stop working either way. */
export async function updateDisabled(q: Queryable, id: number, disabledAt: number | null, now: number) {
  await updateRevokingTokens(q, { disabled_at: disabledAt }, now).where('id', '=', id).execute();
}

export async function updateGroupById(q: Queryable, id: number, group: string, now: number): Promise<void> {
  await updateRevokingTokens(q, { grp: group }, now).where('id', '=', id).execute();
}

/**
 * The enabled administrators' ids, locked until the transaction ends on PostgreSQL, so two
 * administrators demoting each other at once cannot both pass the "one is left" check.
 */
export async function lockActiveAdministrators(q: Queryable, dialect: Dialect): Promise<number[]> {
  let query = q
    .selectFrom('users')
    .select('id')
    .where('grp', '=', 'administrator')
    .where('disabled_at', 'is', null);
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((r) => r.id);
}

export type ConsoleAccountRow = Pick<
  UserRow,
  'id' | 'name' | 'grp' | 'email' | 'created_at' | 'last_seen_at' | 'disabled_at'
>;

function accountSearch(q: Queryable, search: string) {
  const query = q.selectFrom('users');
  if (!search) return query;
  const like = likeContains(search.toLowerCase());
  return query.where(
    sql<SqlBool>`(lower(name) like ${like} escape '\\' or lower(coalesce(email, '')) like ${like} escape '\\')`,
  );
}

/** One page of accounts whose name or email holds `search` (case-insensitive), oldest first. */
export async function consoleAccountsPage(
  q: Queryable,
  search: string,
  limit: number,
  offset: number,
): Promise<ConsoleAccountRow[]> {
  return accountSearch(q, search)
    .select(['id', 'name', 'grp', 'email', 'created_at', 'last_seen_at', 'disabled_at'])
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countConsoleAccounts(q: Queryable, search: string): Promise<number> {
  const row = await accountSearch(q, search)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many rows of each kind an account owns (what goes with it when it is deleted). */
export async function ownedRowCounts(q: Queryable, id: number) {
  const count = (table: 'reviews' | 'playlists' | 'tag_votes' | 'playlist_likes' | 'feedback') =>
    q
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  return {
    reviews: await count('reviews'),
    playlists: await count('playlists'),
    tagVotes: await count('tag_votes'),
    playlistLikes: await count('playlist_likes'),
    feedback: await count('feedback'),
  };
}
