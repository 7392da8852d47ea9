/**
 * Accounts: creation, passwords (argon2id), listing and the built-in guest account.
 * The CLI (`sasayaki user add|passwd|list`) and the auth routes both use these functions.
 */
import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { LIMITS, USER_GROUPS, type UserGroup } from '@sasayaki/contract/constants';
import type { Db } from '../db/connect.ts';
import { currentRequest, RequestGoneError } from '../db/requestScope.ts';
import type { UserRow } from '../db/schema.ts';
import { Turns } from '../db/turns.ts';
import { fail, HttpError } from '../errors.ts';
import {
  allUsers,
  deleteUserByName,
  findUserIdByNameOrKey,
  findUserRowById,
  findUserRowByName,
  findUserRowByNameKey,
  insertUser,
  updateGroupByName,
  updatePasswordByName,
} from '../repositories/users.ts';
import { hasInvisibleCharacters, nameKey } from './names.ts';

export const GUEST_NAME = 'guest';
const GUEST_PASSWORD = 'guest';
/** Longest accepted name and password: longer input is garbage, not an account. */
export const NAME_MAX = 64;
export const PASSWORD_MAX = 256;

export interface NewUser {
  name: string;
  password: string;
  group?: UserGroup;
  email?: string | null;
  recommenderUuid?: string;
}

export interface UserSummary {
  id: number;
  name: string;
  group: UserGroup;
  email: string | null;
  createdAt: number;
}

/**
 * Password hashing runs on libuv's thread pool (four threads), which file reads share: three at a
 * time, so a burst of sign-ins leaves a thread for streams and covers. Turns go to the oldest
 * request first, and a request whose client has gone hashes nothing.
 */
const passwordTurns = new Turns(3);

async function inPasswordTurn<T>(work: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  const leave = await passwordTurns.take();
  try {
    return await work(currentRequest()?.signal);
  } finally {
    leave();
  }
}

// argon2id with the library's defaults (19 MiB, t=2): OWASP's minimum recommendation.
export function hashPassword(password: string): Promise<string> {
  return inPasswordTurn((signal) => hash(password, undefined, signal));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return inPasswordTurn(async (signal) => {
    try {
      return await verify(passwordHash, password, undefined, signal);
    } catch {
      // A client that left is not a wrong password (which would count against the account).
      if (signal?.aborted) throw new RequestGoneError();
      // A malformed stored hash: no password matches it.
      return false;
    }
  });
}

/** Length rules, for signing in as well as for new names. */
export function validateName(name: string): void {
  if (name.trim().length < LIMITS.usernameMin) throw fail('NAME_TOO_SHORT', { min: LIMITS.usernameMin });
  if (name.length > NAME_MAX) throw fail('NAME_TOO_LONG', { max: NAME_MAX });
}

/**
 * A name for a new account: the length rules, and nothing invisible (older accounts whose names
 * hold such characters still sign in).
 */
export function validateNewName(name: string): void {
  validateName(name);
  if (hasInvisibleCharacters(name)) {
    throw fail('NAME_INVISIBLE_CHARACTERS');
  }
}

export function validatePassword(password: string): void {
  if (password.length < LIMITS.passwordMin) throw fail('PASSWORD_TOO_SHORT', { min: LIMITS.passwordMin });
  if (password.length > PASSWORD_MAX) throw fail('PASSWORD_TOO_LONG', { max: PASSWORD_MAX });
}

function isGroup(g: string): g is UserGroup {
  return (USER_GROUPS as readonly string[]).includes(g);
}

export function groupOf(row: Pick<UserRow, 'grp'>): UserGroup {
  return isGroup(row.grp) ? row.grp : 'user';
}

/** Creates an account; the guest account is exempt from the length rule (its password is `guest`). */
export async function createUser(db: Db, u: NewUser): Promise<UserRow> {
  const name = u.name.trim();
  const group = u.group ?? 'user';
  if (!isGroup(group)) throw fail('BAD_GROUP', { groups: USER_GROUPS.join(', ') });
  if (name !== GUEST_NAME) {
    validateNewName(name);
    validatePassword(u.password);
  }
  const key = nameKey(name);
  const passwordHash = await hashPassword(u.password);
  const now = Date.now();
  return db.db.transaction().execute(async (tx) => {
    const taken = await findUserIdByNameOrKey(tx, name, key);
    if (taken) throw fail('NAME_TAKEN');
    try {
      return await insertUser(tx, {
        name,
        name_key: key,
        password_hash: passwordHash,
        grp: group,
        email: u.email ?? null,
        recommender_uuid: u.recommenderUuid || randomUUID(),
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      // Two registrations of one name racing: the unique index decides.
      if (/unique|duplicate/i.test(String((err as Error).message))) throw fail('NAME_TAKEN');
      throw err;
    }
  });
}

/** The account of exactly this name, else the one whose name looks the same (`Alice` for `alice`). */
export async function findUserByName(db: Db, name: string): Promise<UserRow | undefined> {
  const exact = await findUserRowByName(db.db, name);
  return exact ?? findUserRowByNameKey(db.db, nameKey(name));
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return findUserRowById(db.db, id);
}

/** Sets a new password and bumps token_version so every token issued before stops working. */
export async function setPassword(db: Db, name: string, password: string): Promise<void> {
  validatePassword(password);
  const passwordHash = await hashPassword(password);
  if ((await updatePasswordByName(db.db, name, passwordHash, Date.now())) === 0) throw fail('USER_NOT_FOUND');
}

export async function setGroup(db: Db, name: string, group: string): Promise<void> {
  if (!isGroup(group)) throw fail('BAD_GROUP', { groups: USER_GROUPS.join(', ') });
  if ((await updateGroupByName(db.db, name, group, Date.now())) === 0) throw fail('USER_NOT_FOUND');
}

export async function deleteUser(db: Db, name: string): Promise<void> {
  if ((await deleteUserByName(db.db, name)) === 0) throw fail('USER_NOT_FOUND');
}

export async function listUsers(db: Db): Promise<UserSummary[]> {
  const rows = await allUsers(db.db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    group: groupOf(r),
    email: r.email,
    createdAt: r.created_at,
  }));
}

/** The `guest`/`guest` account every server has (docs/product.md §6); created when missing. */
export async function ensureBuiltinAccounts(db: Db): Promise<void> {
  if (await findUserByName(db, GUEST_NAME)) return;
  try {
    await createUser(db, { name: GUEST_NAME, password: GUEST_PASSWORD, group: 'guest' });
  } catch (err) {
    // Another instance on the same database created it first.
    if (!(err instanceof HttpError && err.code === 'NAME_TAKEN')) throw err;
  }
}
