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
import { TurnsByAddress } from '../db/turns.ts';
import { fail, HttpError } from '../errors.ts';
import { hasInvisibleCharacters, nameKey, nameSkeleton } from '../names.ts';
import type { Queryable } from '../repositories/queryable.ts';
import {
  allUsers,
  deleteUserByName,
  findUserIdByNameOrKey,
  findUserRowById,
  findUserRowByName,
  findUserRowByNameKey,
  insertUser,
  lockActiveAdministrators,
  type NewUserRow,
  touchLastSeen,
  updateDisabled,
  updateGroupById,
  updatePasswordByName,
} from '../repositories/users.ts';

/** An account as services hand it to the adapters that sign people in. */
export type { UserRow };

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
 * time, so a burst of sign-ins leaves a thread for streams and covers. Turns go round the client
 * addresses waiting (the oldest request of each first), so a flood of sign-ins from a few
 * addresses delays someone else's by a turn per address, not by the flood; a request whose client
 * has gone hashes nothing.
 */
const passwordTurns = new TurnsByAddress(3);

/** Hashes started since the process began, and sign-ins waiting for a turn (tests, monitoring). */
export const passwordHashing = {
  started: 0,
  get waiting(): number {
    return passwordTurns.queued;
  },
};

async function inPasswordTurn<T>(work: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  const leave = await passwordTurns.take();
  passwordHashing.started += 1;
  const signal = currentRequest()?.signal;
  try {
    return await work(signal);
  } catch (err) {
    // The hash was cancelled because the client left: nobody reads the answer (499, not 500).
    if (signal?.aborted) throw new RequestGoneError();
    throw err;
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
    } catch (err) {
      // A client that left is not a wrong password (which would count against the account).
      if (signal?.aborted) throw err;
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

/** The account's group; the built-in guest account is a guest whatever its row says. */
export function groupOf(row: Pick<UserRow, 'grp' | 'name'>): UserGroup {
  if (row.name === GUEST_NAME) return 'guest';
  return isGroup(row.grp) ? row.grp : 'user';
}

/** Creates an account; the guest account is exempt from the length rule (its password is `guest`). */
export async function createUser(db: Db, u: NewUser): Promise<UserRow> {
  const row = await prepareUser(u);
  return db.transaction().execute((tx) => insertPreparedUser(tx, row));
}

/** A new account's row, checked and with its password hashed, before any transaction opens. */
export type PreparedUser = NewUserRow & { name_key: string; name_skeleton: string };

export async function prepareUser(u: NewUser): Promise<PreparedUser> {
  const name = u.name.trim();
  const group = u.group ?? 'user';
  if (!isGroup(group)) throw fail('BAD_GROUP', { groups: USER_GROUPS.join(', ') });
  if (name !== GUEST_NAME) {
    validateNewName(name);
    validatePassword(u.password);
  }
  const now = Date.now();
  return {
    name,
    name_key: nameKey(name),
    name_skeleton: nameSkeleton(name),
    password_hash: await hashPassword(u.password),
    grp: group,
    email: u.email ?? null,
    recommender_uuid: u.recommenderUuid || randomUUID(),
    created_at: now,
    updated_at: now,
  };
}

/** Inserts a prepared account in the caller's transaction, unless its name is taken. */
export async function insertPreparedUser(tx: Queryable, row: PreparedUser): Promise<UserRow> {
  // Taken too when it only reads like a taken name (Cyrillic `admіn1` beside `admin1`).
  const taken = await findUserIdByNameOrKey(tx, row.name, row.name_key, row.name_skeleton);
  if (taken) throw fail('NAME_TAKEN');
  try {
    return await insertUser(tx, row);
  } catch (err) {
    // Two registrations of one name racing: the unique index decides.
    if (/unique|duplicate/i.test(String((err as Error).message))) throw fail('NAME_TAKEN');
    throw err;
  }
}

/** The account of exactly this name, else the one whose name looks the same (`Alice` for `alice`). */
export async function findUserByName(db: Db, name: string): Promise<UserRow | undefined> {
  const exact = await findUserRowByName(db, name);
  return exact ?? findUserRowByNameKey(db, nameKey(name));
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return findUserRowById(db, id);
}

/**
 * Sets a new password and bumps token_version so every token issued before stops working. The
 * guest account's password is public and fixed.
 */
export async function setPassword(db: Db, name: string, password: string): Promise<void> {
  if (name === GUEST_NAME) throw fail('GUEST_PASSWORD');
  validatePassword(password);
  const passwordHash = await hashPassword(password);
  if ((await updatePasswordByName(db, name, passwordHash, Date.now())) === 0) throw fail('USER_NOT_FOUND');
}

/** The account of this name or id, or USER_NOT_FOUND. */
export type AccountRef = { name: string } | { id: number };

async function findRef(q: Queryable, ref: AccountRef): Promise<UserRow> {
  const row = 'id' in ref ? await findUserRowById(q, ref.id) : await findUserRowByName(q, ref.name);
  if (!row) throw fail('USER_NOT_FOUND');
  return row;
}

/**
 * Refuses a change that would leave no enabled administrator: demoting, disabling or deleting
 * the last one. Run inside the change's transaction (the administrators are locked on
 * PostgreSQL; SQLite runs one write transaction at a time).
 */
export async function keepAnAdministrator(
  q: Queryable,
  dialect: Db['dialect'],
  user: UserRow,
): Promise<void> {
  if (groupOf(user) !== 'administrator' || user.disabled_at !== null) return;
  const admins = await lockActiveAdministrators(q, dialect);
  if (admins.filter((id) => id !== user.id).length === 0) throw fail('LAST_ADMIN');
}

/**
 * A new group for an account; its tokens stop working. The guest account stays a guest (it
 * signs in with a public password), and the last administrator stays one.
 */
export async function setGroup(db: Db, ref: AccountRef, group: string): Promise<UserRow> {
  if (!isGroup(group)) throw fail('BAD_GROUP', { groups: USER_GROUPS.join(', ') });
  return db.transaction().execute(async (tx) => {
    const user = await findRef(tx, ref);
    if (user.name === GUEST_NAME) throw fail('GUEST_GROUP_FIXED');
    if (group !== 'administrator') await keepAnAdministrator(tx, db.dialect, user);
    await updateGroupById(tx, user.id, group, Date.now());
    return user;
  });
}

/** Disables or enables an account: its tokens stop working, and a disabled one cannot sign in. */
export async function setDisabled(db: Db, ref: AccountRef, disabled: boolean): Promise<UserRow> {
  return db.transaction().execute(async (tx) => {
    const user = await findRef(tx, ref);
    if (disabled) await keepAnAdministrator(tx, db.dialect, user);
    const now = Date.now();
    await updateDisabled(tx, user.id, disabled ? now : null, now);
    return user;
  });
}

export async function deleteUser(db: Db, name: string): Promise<void> {
  if ((await deleteUserByName(db, name)) === 0) throw fail('USER_NOT_FOUND');
}

export async function listUsers(db: Db): Promise<UserSummary[]> {
  const rows = await allUsers(db);
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

/** "Last seen" is written at most this often per account, so reading costs no write. */
export const LAST_SEEN_EVERY_MS = 60_000;

/** Notes that the account made a request (the console's "last seen"), at most once a minute. */
export async function noteLastSeen(
  ctx: { db: Db; log: { warn(o: object, msg: string): void } },
  user: Pick<UserRow, 'id' | 'last_seen_at'>,
): Promise<void> {
  const now = Date.now();
  if (user.last_seen_at !== null && now - Number(user.last_seen_at) < LAST_SEEN_EVERY_MS) return;
  try {
    await touchLastSeen(ctx.db, user.id, now, LAST_SEEN_EVERY_MS);
  } catch (err) {
    // A bookkeeping write (a full disk, a busy database) never fails the request it notes.
    ctx.log.warn({ err }, 'could not note when an account was last seen');
  }
}
