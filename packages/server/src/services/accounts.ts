/**
 * Account flows on top of users.ts: login, registration, the registration switch, password
 * change, linking an email with a 6-digit code and resetting a password by mail.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { User } from '@sasayaki/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { UserRow } from '../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../errors.ts';
import { sendMail } from './mail.ts';
import { refreshWorkRating } from './reviews.ts';
import { getSetting } from './settings.ts';
import {
  ACCOUNT_MESSAGES,
  createUser,
  findUserById,
  findUserByName,
  GUEST_NAME,
  groupOf,
  hashPassword,
  validateName,
  validatePassword,
  verifyPassword,
} from './users.ts';
import { recount } from './votes.ts';

export const ACCOUNTS_MESSAGES = {
  badLogin: 'incorrect name or password',
  registrationClosed: 'registration is closed',
  wrongPassword: 'current password is incorrect',
  mustUnlink: 'must unlink email first',
  emailTaken: 'email already linked to another user',
  notVerified: 'not verified yet',
  verifyExpired: 'verify id expired',
  userNotFound: ACCOUNT_MESSAGES.userNotFound,
  mustBindEmail: 'must bind email first',
  guestPassword: 'guest cannot change password',
  badEmail: 'Please enter a valid email address.',
  noEmail: 'no email is linked',
} as const;

/** A code is valid this long and for this many wrong tries. */
export const VERIFY_TTL_MS = 15 * 60_000;
export const VERIFY_MAX_ATTEMPTS = 5;
export const REGISTRATION_SETTING = 'registration_enabled';

export function userView(row: UserRow): User {
  return {
    loggedIn: true,
    name: row.name,
    group: groupOf(row),
    email: row.email,
    recommenderUuid: row.recommender_uuid,
  };
}

/** The server setting (settings row `registration_enabled`) wins over the config default. */
export async function registrationEnabled(db: Db, config: Config): Promise<boolean> {
  const v = await getSetting(db, REGISTRATION_SETTING);
  return v === null ? config.registrationEnabled : v === 'true';
}

export async function login(db: Db, name: string, password: string): Promise<UserRow> {
  validateName(name);
  validatePassword(password);
  const row = await findUserByName(db, name.trim());
  if (!row) {
    // Hash anyway when the name is unknown so timing does not reveal which names exist.
    await hashPassword(password);
    throw unauthorized(ACCOUNTS_MESSAGES.badLogin);
  }
  const ok = await verifyPassword(row.password_hash, password);
  if (!ok) throw unauthorized(ACCOUNTS_MESSAGES.badLogin);
  return row;
}

export async function register(
  db: Db,
  config: Config,
  input: { name: string; password: string; recommenderUuid?: string },
): Promise<UserRow> {
  if (!(await registrationEnabled(db, config))) throw forbidden(ACCOUNTS_MESSAGES.registrationClosed);
  validateName(input.name);
  validatePassword(input.password);
  return createUser(db, {
    name: input.name,
    password: input.password,
    group: 'user',
    recommenderUuid: input.recommenderUuid,
  });
}

async function mustFind(db: Db, userId: number): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row) throw notFound(ACCOUNTS_MESSAGES.userNotFound);
  return row;
}

/** Checks the current password, sets the new one and returns the row with its new token_version. */
export async function changePassword(
  db: Db,
  userId: number,
  oldPassword: string,
  newPassword: string,
): Promise<UserRow> {
  const row = await mustFind(db, userId);
  if (row.name === GUEST_NAME) throw forbidden(ACCOUNTS_MESSAGES.guestPassword);
  validatePassword(newPassword);
  if (!(await verifyPassword(row.password_hash, oldPassword)))
    throw forbidden(ACCOUNTS_MESSAGES.wrongPassword);
  return storePassword(db, userId, newPassword);
}

async function storePassword(db: Db, userId: number, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      updated_at: Date.now(),
    }))
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---- verification codes ----

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (e.length > 320 || !EMAIL_RE.test(e)) throw badRequest(ACCOUNTS_MESSAGES.badEmail);
  return e;
}

function codeHash(verifyId: string, code: string): string {
  return createHash('sha256').update(`${verifyId}:${code}`).digest('hex');
}

async function issueCode(
  db: Db,
  config: Config,
  user: UserRow,
  purpose: 'link' | 'reset',
  email: string,
): Promise<string> {
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();
  await db.db.transaction().execute(async (tx) => {
    // One open code per user and purpose: a new request replaces the old one.
    await tx
      .deleteFrom('email_verifications')
      .where('user_id', '=', user.id)
      .where('purpose', '=', purpose)
      .execute();
    await tx
      .insertInto('email_verifications')
      .values({
        id,
        user_id: user.id,
        purpose,
        email,
        code_hash: codeHash(id, code),
        expires_at: now + VERIFY_TTL_MS,
        created_at: now,
      })
      .execute();
  });
  const minutes = VERIFY_TTL_MS / 60_000;
  const subject = purpose === 'link' ? 'Sasayaki: confirm your email' : 'Sasayaki: password reset code';
  const what =
    purpose === 'link'
      ? `link this email to the account "${user.name}"`
      : `reset the password of "${user.name}"`;
  await sendMail(config, {
    to: email,
    subject,
    text: `Your code: ${code}\n\nEnter it to ${what}. It is valid for ${minutes} minutes.\nIf you did not ask for this, ignore this mail.\n`,
  });
  return id;
}

/**
 * Checks a code. Wrong codes count; past the limit or the expiry the verification is dropped and
 * the client must start over (`verify id expired`). Returns the verification on success.
 */
async function checkCode(db: Db, verifyId: string, purpose: 'link' | 'reset', code: string, userId?: number) {
  // The transaction commits the attempt counter and the deletion; the refusal is thrown after it.
  const outcome = await db.db.transaction().execute(async (tx) => {
    const v = await tx
      .selectFrom('email_verifications')
      .selectAll()
      .where('id', '=', verifyId)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (!v || (userId !== undefined && v.user_id !== userId)) return { kind: 'expired' as const };
    if (v.expires_at <= Date.now() || v.attempts >= VERIFY_MAX_ATTEMPTS) {
      await tx.deleteFrom('email_verifications').where('id', '=', v.id).execute();
      return { kind: 'expired' as const };
    }
    const given = Buffer.from(codeHash(v.id, code));
    if (!timingSafeEqual(given, Buffer.from(v.code_hash))) {
      const attempts = v.attempts + 1;
      await tx.updateTable('email_verifications').set({ attempts }).where('id', '=', v.id).execute();
      return { kind: 'wrong' as const, attemptsLeft: Math.max(0, VERIFY_MAX_ATTEMPTS - attempts) };
    }
    await tx.deleteFrom('email_verifications').where('id', '=', v.id).execute();
    return { kind: 'ok' as const, v };
  });
  if (outcome.kind === 'expired') throw new HttpError(410, ACCOUNTS_MESSAGES.verifyExpired);
  if (outcome.kind === 'wrong') {
    throw badRequest(ACCOUNTS_MESSAGES.notVerified, { attemptsLeft: outcome.attemptsLeft });
  }
  return outcome.v;
}

export async function requestEmailLink(
  db: Db,
  config: Config,
  userId: number,
  rawEmail: string,
): Promise<string> {
  const email = normalizeEmail(rawEmail);
  const user = await mustFind(db, userId);
  if (user.email) throw conflict(ACCOUNTS_MESSAGES.mustUnlink);
  const other = await db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (other) throw conflict(ACCOUNTS_MESSAGES.emailTaken);
  return issueCode(db, config, user, 'link', email);
}

export async function verifyEmailLink(
  db: Db,
  userId: number,
  verifyId: string,
  code: string,
): Promise<UserRow> {
  const v = await checkCode(db, verifyId, 'link', code, userId);
  return db.db.transaction().execute(async (tx) => {
    const other = await tx
      .selectFrom('users')
      .select('id')
      .where('email', '=', v.email)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (other) throw conflict(ACCOUNTS_MESSAGES.emailTaken);
    return tx
      .updateTable('users')
      .set({ email: v.email, updated_at: Date.now() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function unlinkEmail(db: Db, userId: number): Promise<UserRow> {
  const user = await mustFind(db, userId);
  if (!user.email) throw badRequest(ACCOUNTS_MESSAGES.noEmail);
  return db.db
    .updateTable('users')
    .set({ email: null, updated_at: Date.now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sends a reset code to the email of the account named, or linked to the email given. */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  who: { name?: string; email?: string },
): Promise<string> {
  let user: UserRow | undefined;
  if (who.email) {
    const email = normalizeEmail(who.email);
    user = await db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  } else if (who.name) {
    user = await findUserByName(db, who.name.trim());
  } else {
    throw badRequest('name or email is required');
  }
  if (!user) throw notFound(ACCOUNTS_MESSAGES.userNotFound);
  if (user.name === GUEST_NAME) throw forbidden(ACCOUNTS_MESSAGES.guestPassword);
  if (!user.email) throw forbidden(ACCOUNTS_MESSAGES.mustBindEmail);
  return issueCode(db, config, user, 'reset', user.email);
}

export async function confirmPasswordReset(
  db: Db,
  verifyId: string,
  code: string,
  password: string,
): Promise<UserRow> {
  validatePassword(password);
  const v = await checkCode(db, verifyId, 'reset', code);
  return storePassword(db, v.user_id, password);
}

/**
 * Deletes an account with its reviews, votes, playlists and likes, and recomputes the site
 * ratings and tag counters those rows fed, in one transaction.
 */
export async function deleteAccount(db: Db, name: string): Promise<void> {
  await db.db.transaction().execute(async (tx) => {
    const user = await tx.selectFrom('users').select('id').where('name', '=', name).executeTakeFirst();
    if (!user) throw notFound(ACCOUNTS_MESSAGES.userNotFound);
    const votes = await tx
      .selectFrom('tag_votes')
      .select(['work_id', 'tag_id'])
      .where('user_id', '=', user.id)
      .execute();
    const reviews = await tx.selectFrom('reviews').select('work_id').where('user_id', '=', user.id).execute();
    await tx.deleteFrom('tag_votes').where('user_id', '=', user.id).execute();
    await tx.deleteFrom('reviews').where('user_id', '=', user.id).execute();
    await tx.deleteFrom('users').where('id', '=', user.id).execute();
    for (const v of votes) await recount(tx, v.work_id, v.tag_id);
    for (const r of reviews) await refreshWorkRating(tx, r.work_id);
  });
}
