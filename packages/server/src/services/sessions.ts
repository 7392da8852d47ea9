/**
 * Sessions: every sign-in (password, guest, registration, invitation, reset, first-run setup)
 * makes a row, and its token names it (claim `sid`). A request is good only while its row lives —
 * not expired, begun at the account's current token_version — so a logout, "sign out all others"
 * or an administrator's "sign out everywhere" ends every spelling of the token and the media
 * cookie at once, on every instance (the check reads the row on each request).
 */
import { randomBytes } from 'node:crypto';
import type { Session } from '@sasayaki/contract';
import Bowser from 'bowser';
import { requireAccess, requireAccount } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import { fail } from '../errors.ts';
import {
  deleteEndedSessions,
  deleteSession,
  deleteSessionsOf,
  findSessionHolder,
  insertSession,
  type SessionRow,
  sessionsOf,
  touchSession,
  trimSessions,
} from '../repositories/sessions.ts';
import { findUserRowById } from '../repositories/users.ts';
import { recordAudit } from './audit.ts';

/** Sessions kept per account: a new sign-in past this ends the one seen least lately. */
export const SESSIONS_PER_ACCOUNT = 50;
/** How often a session's "last seen" is written (coarse: reading costs no write). */
const SEEN_EVERY_MS = 60_000;

/** "Firefox 140 on Linux" from a User-Agent; the first 80 characters of an unknown one. */
export function clientOf(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return '';
  const r = Bowser.parse(ua);
  const browser = r.browser.name
    ? `${r.browser.name}${r.browser.version ? ` ${r.browser.version.split('.')[0]}` : ''}`
    : '';
  const os = r.os.name ?? '';
  if (browser && os) return `${browser} on ${os}`;
  return (browser || os || ua).slice(0, 80);
}

export interface NewSession {
  id: string;
  expiresAt: number;
}

/** Starts a session of the account; sweeps ended ones and keeps the account's within bounds. */
export async function startSession(
  db: Db,
  user: { id: number; token_version: number },
  from: { userAgent?: string; address: string },
  ttlMs: number,
  now = Date.now(),
): Promise<NewSession> {
  const id = randomBytes(16).toString('base64url');
  const expiresAt = now + ttlMs;
  await deleteEndedSessions(db, now);
  await insertSession(db, {
    id,
    user_id: user.id,
    token_version: user.token_version,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    client: clientOf(from.userAgent),
    address: from.address.slice(0, 64),
  });
  await trimSessions(db, user.id, SESSIONS_PER_ACCOUNT);
  return { id, expiresAt };
}

/** The account a token's session signs in, while the session lives; notes it seen (coarsely). */
export async function sessionHolder(
  ctx: { db: Db; log: { warn(o: object, msg: string): void } },
  sessionId: string,
  userId: number,
  address: string,
  now = Date.now(),
) {
  const row = await findSessionHolder(ctx.db, sessionId, userId, now);
  if (row && now - Number(row.session_seen_at) >= SEEN_EVERY_MS) {
    try {
      await touchSession(ctx.db, sessionId, address.slice(0, 64), now, SEEN_EVERY_MS);
    } catch (err) {
      // Bookkeeping never fails the request it notes.
      ctx.log.warn({ err }, 'could not note when a session was last seen');
    }
  }
  return row && { ...row, expires_at: Number(row.expires_at) };
}

/** Logout: the session ends, and with it every spelling of its token. */
export async function endCurrentSession(db: Db, viewer: Principal, sessionId: string): Promise<void> {
  if (viewer.kind !== 'account') return;
  await deleteSession(db, viewer.id, sessionId);
}

function view(r: SessionRow, currentId: string | null): Session {
  return {
    id: r.id,
    client: r.client,
    address: r.address,
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    expiresAt: Number(r.expires_at),
    current: r.id === currentId,
  };
}

/** Account → Devices: the caller's sessions, "this device" marked. */
export async function listOwnSessions(
  db: Db,
  viewer: Principal,
  currentId: string | null,
): Promise<Session[]> {
  const me = requireAccount(viewer);
  requireAccess(me, 'sessions.manage');
  return (await sessionsOf(db, me.id, Date.now())).map((r) => view(r, currentId));
}

export async function endOwnSession(db: Db, viewer: Principal, id: string): Promise<void> {
  const me = requireAccount(viewer);
  requireAccess(me, 'sessions.manage');
  if ((await deleteSession(db, me.id, id)) === 0) throw fail('SESSION_NOT_FOUND');
}

/** "Sign out all other devices": every session of the caller but the one asking. */
export async function endOtherSessions(db: Db, viewer: Principal, currentId: string | null): Promise<number> {
  const me = requireAccount(viewer);
  requireAccess(me, 'sessions.manage');
  return deleteSessionsOf(db, me.id, currentId);
}

async function accountOf(db: Db, id: number) {
  const user = await findUserRowById(db, id);
  if (!user) throw fail('USER_NOT_FOUND');
  return user;
}

/** The console: an account's sessions. */
export async function listAccountSessions(db: Db, viewer: Principal, userId: number): Promise<Session[]> {
  requireAccess(viewer, 'admin');
  await accountOf(db, userId);
  return (await sessionsOf(db, userId, Date.now())).map((r) => view(r, null));
}

/** The console's "sign out everywhere": every session of the account ends; recorded in the audit log. */
export async function endAccountSessions(db: Db, viewer: Principal, userId: number): Promise<number> {
  requireAccess(viewer, 'admin');
  const user = await accountOf(db, userId);
  const ended = await deleteSessionsOf(db, userId, null);
  await recordAudit(db, viewer, { action: 'account.sessions.end', target: user.name, details: { ended } });
  return ended;
}
