/**
 * Account flows on top of users.ts: login, registration, the registration switch, password
 * change, linking an email with a 6-digit code and resetting a password by mail.
 */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { User } from '@sasayaki/contract';
import { type AccountPrincipal, requireAccess, requireAccount } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import type { UserRow } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { type Mailer, sendMail } from '../infra/mail.ts';
import { nameKey } from '../names.ts';
import { deleteReviewsOfUser, reviewedWorksOfUser } from '../repositories/reviews.ts';
import {
  deleteUserById,
  findUserIdByEmail,
  findUserRowByEmail,
  findUserRowById,
  findUserRowByName,
  updateEmail,
  updatePasswordById,
} from '../repositories/users.ts';
import {
  claimAttempt,
  deleteCode,
  deleteExpiredCodes,
  deleteOpenCodes,
  insertCode,
  useCode,
} from '../repositories/verifications.ts';
import { deleteVotesOfUser, votedWorkTagsOfUser } from '../repositories/votes.ts';
import type { SiteSettings } from '../siteSettings.ts';
import { refreshWorkRating } from './reviews.ts';
import {
  type AccountRef,
  createUser,
  findUserById,
  findUserByName,
  GUEST_NAME,
  groupOf,
  hashPassword,
  keepAnAdministrator,
  validateName,
  validateNewName,
  validatePassword,
  verifyPassword,
} from './users.ts';
import { recount } from './votes.ts';

/** A code is valid this long and for this many wrong tries. */
export const VERIFY_TTL_MS = 15 * 60_000;
export const VERIFY_MAX_ATTEMPTS = 5;
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

/**
 * The guest password that last matched the guest account's hash. The password is public, so
 * remembering it gives nothing away, and a guest sign-in then costs no hashing: a flood of them
 * cannot hold the password turns everyone's sign-in waits for. A new hash (the password set
 * again) is checked afresh.
 */
let guestMatch: { hash: string; password: string } | null = null;

export async function login(db: Db, name: string, password: string): Promise<UserRow> {
  validateName(name);
  validatePassword(password);
  const row = await findUserByName(db, name.trim());
  if (!row) {
    // Hash anyway when the name is unknown so timing does not reveal which names exist.
    await hashPassword(password);
    throw fail('BAD_LOGIN');
  }
  const isGuest = row.name === GUEST_NAME;
  const knownGuest = isGuest && guestMatch?.hash === row.password_hash && guestMatch.password === password;
  if (!knownGuest && !(await verifyPassword(row.password_hash, password))) throw fail('BAD_LOGIN');
  // Said only to whoever knows the password.
  if (row.disabled_at !== null) throw fail('ACCOUNT_DISABLED');
  if (isGuest) guestMatch = { hash: row.password_hash, password };
  return row;
}

export async function register(
  db: Db,
  settings: SiteSettings,
  input: { name: string; password: string; recommenderUuid?: string },
): Promise<UserRow> {
  if (!settings.get('registrationEnabled')) throw fail('REGISTRATION_CLOSED');
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
  if (!row) throw fail('USER_NOT_FOUND');
  return row;
}

/**
 * The viewer, who may change their own password (not the shared guest account): asked before
 * the sign-in limits count an attempt, and again by `changePassword`.
 */
export function passwordChanger(viewer: Principal): AccountPrincipal {
  const me = requireAccount(viewer);
  requireAccess(me, 'password.change');
  return me;
}

/** Checks the current password, sets the new one and returns the row with its new token_version. */
export async function changePassword(
  db: Db,
  viewer: Principal,
  oldPassword: string,
  newPassword: string,
): Promise<UserRow> {
  const userId = passwordChanger(viewer).id;
  const row = await mustFind(db, userId);
  if (row.name === GUEST_NAME) throw fail('GUEST_PASSWORD');
  validatePassword(newPassword);
  if (!(await verifyPassword(row.password_hash, oldPassword))) throw fail('WRONG_PASSWORD');
  return storePassword(db, userId, newPassword);
}

async function storePassword(db: Db, userId: number, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return updatePasswordById(db, userId, passwordHash, Date.now());
}

// ---- verification codes ----

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (e.length > 320 || !EMAIL_RE.test(e)) throw fail('BAD_EMAIL');
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
  await db.transaction().execute(async (tx) => {
    // One open code per user and purpose: a new request replaces the old one.
    await deleteOpenCodes(tx, userId, purpose);
    await insertCode(tx, {
      id,
      user_id: userId,
      purpose,
      email,
      code_hash: codeHash(id, code),
      expires_at: now + VERIFY_TTL_MS,
      created_at: now,
    });
  });
  return { id, code };
}

function mailCode(mailer: Mailer, user: UserRow, purpose: 'link' | 'reset', email: string, code: string) {
  const minutes = VERIFY_TTL_MS / 60_000;
  const subject = purpose === 'link' ? 'Sasayaki: confirm your email' : 'Sasayaki: password reset code';
  const what =
    purpose === 'link'
      ? `link this email to the account "${user.name}"`
      : `reset the password of "${user.name}"`;
  return sendMail(mailer, {
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
  const v = await claimAttempt(db, verifyId, purpose, VERIFY_MAX_ATTEMPTS, now, userId);
  if (!v) {
    // Unknown, someone else's, expired or out of tries: drop a dead row of this caller.
    await deleteCode(db, verifyId, purpose, userId);
    throw fail('VERIFY_EXPIRED');
  }
  const given = Buffer.from(codeHash(v.id, code));
  if (!timingSafeEqual(given, Buffer.from(v.code_hash))) {
    const attemptsLeft = Math.max(0, VERIFY_MAX_ATTEMPTS - v.attempts);
    throw fail('NOT_VERIFIED').withDetails({ attemptsLeft });
  }
  if (!(await useCode(db, v.id))) throw fail('VERIFY_EXPIRED');
  return v;
}

/** The viewer, who may link, verify and unlink their own email (not the shared guest account). */
function emailOwner(viewer: Principal): AccountPrincipal {
  const me = requireAccount(viewer);
  requireAccess(me, 'email.link');
  return me;
}

export async function requestEmailLink(
  db: Db,
  mailer: Mailer,
  viewer: Principal,
  rawEmail: string,
): Promise<string> {
  const userId = emailOwner(viewer).id;
  const email = normalizeEmail(rawEmail);
  const user = await mustFind(db, userId);
  if (user.email) throw fail('MUST_UNLINK_EMAIL');
  const other = await findUserIdByEmail(db, email);
  if (other) throw fail('EMAIL_TAKEN');
  const { id, code } = await storeCode(db, user.id, 'link', email);
  await mailCode(mailer, user, 'link', email, code);
  return id;
}

export async function verifyEmailLink(
  db: Db,
  viewer: Principal,
  verifyId: string,
  code: string,
): Promise<UserRow> {
  const userId = emailOwner(viewer).id;
  const v = await checkCode(db, verifyId, 'link', code, userId);
  return db.transaction().execute(async (tx) => {
    const other = await findUserIdByEmail(tx, v.email, userId);
    if (other) throw fail('EMAIL_TAKEN');
    return updateEmail(tx, userId, v.email, Date.now());
  });
}

export async function unlinkEmail(db: Db, viewer: Principal): Promise<UserRow> {
  const userId = emailOwner(viewer).id;
  const user = await mustFind(db, userId);
  if (!user.email) throw fail('NO_EMAIL');
  return updateEmail(db, userId, null, Date.now());
}

/** Who a reset request names, as the limits count it: the email when given (it wins), else the name. */
export function resetTarget(who: { name?: string; email?: string }): string {
  if (who.email) return `email\n${normalizeEmail(who.email)}`;
  if (who.name) return `name\n${nameKey(who.name)}`;
  throw fail('NAME_OR_EMAIL_REQUIRED');
}

/**
 * Starts a password reset for the account named, or linked to the email given. The answer is the
 * same whether or not such an account exists and has an email: when it has none, a decoy
 * verification that no code can open stands in, so confirming behaves alike too. The mail is
 * returned as a promise for the caller to send after answering. `mayMail` is asked before a code
 * goes to an account (its per-account limit): refused, the request gets a decoy, so the answer
 * does not tell that the name or email reached an account.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  who: { name?: string; email?: string },
  mayMail: (userId: number) => Promise<boolean> = async () => true,
): Promise<{ verifyId: string; mail: Promise<void> }> {
  let user: UserRow | undefined;
  if (who.email) {
    const email = normalizeEmail(who.email);
    user = await findUserRowByEmail(db, email);
  } else if (who.name) {
    user = await findUserByName(db, who.name.trim());
  } else {
    throw fail('NAME_OR_EMAIL_REQUIRED');
  }
  // The guest password is public and fixed: saying so reveals nothing.
  if (user?.name === GUEST_NAME) throw fail('GUEST_PASSWORD');
  if (!user?.email || !(await mayMail(user.id)))
    return { verifyId: await storeDecoy(db), mail: Promise.resolve() };
  const { id, code } = await storeCode(db, user.id, 'reset', user.email);
  return { verifyId: id, mail: mailCode(mailer, user, 'reset', user.email, code) };
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
  await deleteExpiredCodes(db, guest.id, now);
  await insertCode(db, {
    id,
    user_id: guest.id,
    purpose: 'reset',
    email: '',
    code_hash: randomBytes(32).toString('hex'),
    expires_at: now + VERIFY_TTL_MS,
    created_at: now,
  });
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

/** Accounts an administrator may not delete: the shared guest account and their own. */
export function assertDeletable(p: Principal, name: string): void {
  if (name === GUEST_NAME) throw fail('CANNOT_DELETE_GUEST');
  if (p.kind === 'account' && p.name === name) throw fail('CANNOT_DELETE_SELF');
}

/**
 * Deletes an account with its reviews, votes, playlists and likes, and recomputes the site
 * ratings and tag counters those rows fed, in one transaction.
 */
export async function deleteAccount(db: Db, ref: AccountRef): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const user = 'id' in ref ? await findUserRowById(tx, ref.id) : await findUserRowByName(tx, ref.name);
    if (!user) throw fail('USER_NOT_FOUND');
    await keepAnAdministrator(tx, db.dialect, user);
    const votes = await votedWorkTagsOfUser(tx, user.id);
    const reviews = await reviewedWorksOfUser(tx, user.id);
    await deleteVotesOfUser(tx, user.id);
    await deleteReviewsOfUser(tx, user.id);
    await deleteUserById(tx, user.id);
    for (const v of votes) await recount(tx, v.work_id, v.tag_id);
    for (const r of reviews) await refreshWorkRating(tx, r.work_id);
  });
}
