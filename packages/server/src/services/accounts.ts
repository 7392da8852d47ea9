/**
 * Account flows on top of users.ts: login, registration, the registration switch, password
 * change, linking an email with a 6-digit code and resetting a password by mail.
 */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
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
  validateNewName,
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
/** The one answer to a reset request, whether or not a mail went out. */
export const RESET_REQUESTED = 'if the account has a linked email, a reset code was sent to it';

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
  validateNewName(input.name);
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

/** Stores a new code for the user and purpose (replacing an open one); returns its id and code. */
async function storeCode(
  db: Db,
  userId: number,
  purpose: 'link' | 'reset',
  email: string,
): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();
  await db.db.transaction().execute(async (tx) => {
    // One open code per user and purpose: a new request replaces the old one.
    await tx
      .deleteFrom('email_verifications')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute();
    await tx
      .insertInto('email_verifications')
      .values({
        id,
        user_id: userId,
        purpose,
        email,
        code_hash: codeHash(id, code),
        expires_at: now + VERIFY_TTL_MS,
        created_at: now,
      })
      .execute();
  });
  return { id, code };
}

function mailCode(config: Config, user: UserRow, purpose: 'link' | 'reset', email: string, code: string) {
  const minutes = VERIFY_TTL_MS / 60_000;
  const subject = purpose === 'link' ? 'Sasayaki: confirm your email' : 'Sasayaki: password reset code';
  const what =
    purpose === 'link'
      ? `link this email to the account "${user.name}"`
      : `reset the password of "${user.name}"`;
  return sendMail(config, {
    to: email,
    subject,
    text: `Your code: ${code}\n\nEnter it to ${what}. It is valid for ${minutes} minutes.\nIf you did not ask for this, ignore this mail.\n`,
  });
}

/**
 * Checks a code. Each try claims one of the allowed attempts with a conditional UPDATE, so
 * concurrent guesses cannot check more codes than the limit; the right code is accepted once
 * (whoever deletes the row first). Past the limit or the expiry the client must start over
 * (`verify id expired`). Returns the verification on success.
 */
async function checkCode(db: Db, verifyId: string, purpose: 'link' | 'reset', code: string, userId?: number) {
  const now = Date.now();
  let claim = db.db
    .updateTable('email_verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', verifyId)
    .where('purpose', '=', purpose)
    .where('attempts', '<', VERIFY_MAX_ATTEMPTS)
    .where('expires_at', '>', now);
  if (userId !== undefined) claim = claim.where('user_id', '=', userId);
  const v = await claim.returningAll().executeTakeFirst();
  if (!v) {
    // Unknown, someone else's, expired or out of tries: drop a dead row of this caller.
    let dead = db.db
      .deleteFrom('email_verifications')
      .where('id', '=', verifyId)
      .where('purpose', '=', purpose);
    if (userId !== undefined) dead = dead.where('user_id', '=', userId);
    await dead.execute();
    throw new HttpError(410, ACCOUNTS_MESSAGES.verifyExpired);
  }
  const given = Buffer.from(codeHash(v.id, code));
  if (!timingSafeEqual(given, Buffer.from(v.code_hash))) {
    const attemptsLeft = Math.max(0, VERIFY_MAX_ATTEMPTS - v.attempts);
    throw badRequest(ACCOUNTS_MESSAGES.notVerified, { attemptsLeft });
  }
  const used = await db.db.deleteFrom('email_verifications').where('id', '=', v.id).executeTakeFirst();
  if (Number(used.numDeletedRows) === 0) throw new HttpError(410, ACCOUNTS_MESSAGES.verifyExpired);
  return v;
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
  const { id, code } = await storeCode(db, user.id, 'link', email);
  await mailCode(config, user, 'link', email, code);
  return id;
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

/**
 * Starts a password reset for the account named, or linked to the email given. The answer is the
 * same whether or not such an account exists and has an email: when it has none, a decoy
 * verification that no code can open stands in, so confirming behaves alike too. The mail is
 * returned as a promise for the caller to send after answering.
 */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  who: { name?: string; email?: string },
): Promise<{ verifyId: string; mail: Promise<void> }> {
  let user: UserRow | undefined;
  if (who.email) {
    const email = normalizeEmail(who.email);
    user = await db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  } else if (who.name) {
    user = await findUserByName(db, who.name.trim());
  } else {
    throw badRequest('name or email is required');
  }
  // The guest password is public and fixed: saying so reveals nothing.
  if (user?.name === GUEST_NAME) throw forbidden(ACCOUNTS_MESSAGES.guestPassword);
  if (!user?.email) return { verifyId: await storeDecoy(db), mail: Promise.resolve() };
  const { id, code } = await storeCode(db, user.id, 'reset', user.email);
  return { verifyId: id, mail: mailCode(config, user, 'reset', user.email, code) };
}

/**
 * A reset verification whose hash matches no code, held by the built-in guest account (whose
 * password cannot be reset). Expired decoys are cleared as new ones are made.
 */
async function storeDecoy(db: Db): Promise<string> {
  const guest = await findUserByName(db, GUEST_NAME);
  if (!guest) throw new Error('the built-in guest account is missing');
  const now = Date.now();
  const id = randomUUID();
  await db.db
    .deleteFrom('email_verifications')
    .where('user_id', '=', guest.id)
    .where('expires_at', '<=', now)
    .execute();
  await db.db
    .insertInto('email_verifications')
    .values({
      id,
      user_id: guest.id,
      purpose: 'reset',
      email: '',
      code_hash: randomBytes(32).toString('hex'),
      expires_at: now + VERIFY_TTL_MS,
      created_at: now,
    })
    .execute();
  return id;
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
