/**
 * An administrator's calls on accounts, whichever route they come through (the console,
 * /api/admin/users, kikoeru's /api/credentials): each asks access.ts for `admin`, does the change
 * with the rules of users.ts and accounts.ts (shared with the CLI), and records it in the audit
 * log once it succeeded. Also the console's searchable list, a password reset, and what a
 * deletion takes with it.
 */
import { randomInt } from 'node:crypto';
import type { AccountImpact, ConsoleAccount } from '@sasayaki/contract';
import { requireAccess, requireAccount } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/connect.ts';
import type { UserRow } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { mailerOf, sendMail } from '../infra/mail.ts';
import {
  consoleAccountsPage,
  countConsoleAccounts,
  findUserRowById,
  findUserRowByName,
  ownedRowCounts,
  updatePasswordById,
} from '../repositories/users.ts';
import { assertDeletable, deleteAccount } from './accounts.ts';
import { recordAudit } from './audit.ts';
import {
  type AccountRef,
  createUser,
  findUserByName,
  GUEST_NAME,
  groupOf,
  hashPassword,
  listUsers,
  type NewUser,
  setDisabled,
  setGroup,
  setPassword,
  type UserSummary,
} from './users.ts';

/** Every account, for the older admin pages. */
export async function listAccounts(db: Db, viewer: Principal): Promise<UserSummary[]> {
  requireAccess(viewer, 'admin');
  return listUsers(db);
}

export async function createAccount(db: Db, viewer: Principal, input: NewUser): Promise<UserRow> {
  requireAccess(viewer, 'admin');
  const user = await createUser(db, input);
  await recordAudit(db, viewer, {
    action: 'account.create',
    target: user.name,
    details: { group: user.grp },
  });
  return user;
}

/** A new group for the account (its sessions end); the guest stays a guest, the last administrator one. */
export async function changeGroup(db: Db, viewer: Principal, ref: AccountRef, group: string): Promise<void> {
  requireAccess(viewer, 'admin');
  const user = await setGroup(db, ref, group);
  await recordAudit(db, viewer, { action: 'account.group', target: user.name, details: { group } });
}

/**
 * Sets an account's password by name. Someone who is not an administrator naming their own
 * account is told where they can change it (CHANGE_OWN_PASSWORD); anyone else gets access.ts's refusal.
 */
export async function setPasswordByAdmin(db: Db, viewer: Principal, name: string, password: string) {
  const me = requireAccount(viewer);
  if (me.group !== 'administrator' && me.name === name) throw fail('CHANGE_OWN_PASSWORD');
  requireAccess(me, 'admin');
  await setPassword(db, name, password);
  await recordAudit(db, me, { action: 'account.password', target: name });
}

export async function setAccountDisabled(db: Db, viewer: Principal, id: number, disabled: boolean) {
  requireAccess(viewer, 'admin');
  const user = await setDisabled(db, { id }, disabled);
  await recordAudit(db, viewer, {
    action: disabled ? 'account.disable' : 'account.enable',
    target: user.name,
  });
}

/** Deletes an account (not the guest, not one's own) with what it owns. */
export async function deleteAccountByAdmin(db: Db, viewer: Principal, ref: AccountRef): Promise<void> {
  requireAccess(viewer, 'admin');
  const user = 'id' in ref ? await findUserRowById(db, ref.id) : await findUserRowByName(db, ref.name);
  if (!user) throw fail('USER_NOT_FOUND');
  assertDeletable(viewer, user.name);
  await deleteAccount(db, { id: user.id });
  await recordAudit(db, viewer, { action: 'account.delete', target: user.name });
}

/** Deletes the accounts of these names, all or none: every name is checked before the first goes. */
export async function deleteAccountsByAdmin(db: Db, viewer: Principal, names: readonly string[]) {
  requireAccess(viewer, 'admin');
  const users: UserRow[] = [];
  for (const name of new Set(names)) {
    assertDeletable(viewer, name);
    const user = await findUserByName(db, name);
    if (!user) throw fail('USER_NOT_FOUND_NAMED', { name });
    assertDeletable(viewer, user.name);
    if (!users.some((u) => u.id === user.id)) users.push(user);
  }
  for (const user of users) {
    await deleteAccount(db, { id: user.id });
    await recordAudit(db, viewer, { action: 'account.delete', target: user.name });
  }
  return users.length;
}

export async function listConsoleAccounts(
  db: Db,
  viewer: Principal,
  search: string,
  page: number,
  pageSize: number,
): Promise<{ accounts: ConsoleAccount[]; total: number }> {
  requireAccess(viewer, 'admin');
  const q = search.trim();
  const rows = await consoleAccountsPage(db, q, pageSize, (page - 1) * pageSize);
  const total = await countConsoleAccounts(db, q);
  const accounts = rows.map((r) => ({
    id: r.id,
    name: r.name,
    group: groupOf(r),
    email: r.email,
    createdAt: Number(r.created_at),
    lastSeenAt: r.last_seen_at === null ? null : Number(r.last_seen_at),
    disabled: r.disabled_at !== null,
    builtin: r.name === GUEST_NAME,
  }));
  return { accounts, total };
}

async function mustFindAccount(db: Db, id: number): Promise<UserRow> {
  const row = await findUserRowById(db, id);
  if (!row) throw fail('USER_NOT_FOUND');
  return row;
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';

export function temporaryPassword(length = 14): string {
  let s = '';
  for (let i = 0; i < length; i++) s += READABLE[randomInt(READABLE.length)];
  return s;
}

/**
 * Gives the account a new random password, ending its sessions. With an email, the password is
 * mailed first and stored only once the mail went out (a failed mail changes nothing); without
 * one it is answered, for the administrator to hand over, and never stored in clear.
 */
export async function resetPasswordByAdmin(
  ctx: Pick<AppContext, 'db' | 'config' | 'settings'>,
  viewer: Principal,
  id: number,
): Promise<{ delivery: 'mail' } | { delivery: 'shown'; password: string }> {
  requireAccess(viewer, 'admin');
  const { db } = ctx;
  const user = await mustFindAccount(db, id);
  if (user.name === GUEST_NAME) throw fail('GUEST_PASSWORD');
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  if (user.email) {
    try {
      await sendMail(mailerOf(ctx.config, ctx.settings), {
        to: user.email,
        subject: 'Sasayaki: your new password',
        text: `An administrator reset the password of "${user.name}".\n\nYour new password: ${password}\n\nSign in with it, then change it in the settings.\n`,
      });
    } catch (err) {
      throw fail('MAIL_FAILED', { reason: (err as Error).message.slice(0, 200) });
    }
  }
  await updatePasswordById(db, user.id, passwordHash, Date.now());
  const delivery = user.email ? 'mail' : 'shown';
  await recordAudit(db, viewer, {
    action: 'account.reset-password',
    target: user.name,
    details: { delivery },
  });
  return user.email ? { delivery: 'mail' } : { delivery: 'shown', password };
}

/** What deleting the account takes with it (and the problem reports that stay). */
export async function accountImpact(db: Db, viewer: Principal, id: number): Promise<AccountImpact> {
  requireAccess(viewer, 'admin');
  await mustFindAccount(db, id);
  return ownedRowCounts(db, id);
}
