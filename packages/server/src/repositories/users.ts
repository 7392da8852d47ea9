/** The `users` table: accounts, their password hashes, groups, emails and token versions. */
import type { Updateable } from 'kysely';
import type { UserRow, UsersTable } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export type NewUserRow = Pick<
  UserRow,
  'name' | 'name_key' | 'password_hash' | 'grp' | 'email' | 'recommender_uuid' | 'created_at' | 'updated_at'
>;

/** The id of an account whose name, or name key, is one of these. */
export async function findUserIdByNameOrKey(
  q: Queryable,
  name: string,
  key: string,
): Promise<{ id: number } | undefined> {
  return q
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('name', '=', name), eb('name_key', '=', key)]))
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

/** What a request's token is checked against. */
export async function findTokenHolder(
  q: Queryable,
  id: number,
): Promise<Pick<UserRow, 'id' | 'name' | 'grp' | 'token_version'> | undefined> {
  return q
    .selectFrom('users')
    .select(['id', 'name', 'grp', 'token_version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * An update of the fields an account's tokens vouch for (its password, its group): it also bumps
 * token_version, so every token issued before stops working.
 */
function updateRevokingTokens(
  q: Queryable,
  fields: Pick<Updateable<UsersTable>, 'password_hash' | 'grp'>,
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

/** A new group and token version for the account of this name; the number of rows changed. */
export async function updateGroupByName(
  q: Queryable,
  name: string,
  group: string,
  now: number,
): Promise<number> {
  const res = await updateRevokingTokens(q, { grp: group }, now).where('name', '=', name).executeTakeFirst();
  return Number(res.numUpdatedRows);
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
