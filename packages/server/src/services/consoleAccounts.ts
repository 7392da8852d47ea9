/**
 * The console's account calls: the searchable list, a password reset by an administrator, and
 * what a deletion takes with it. The rules on groups, disabling and deleting are in users.ts
 * and accounts.ts, shared with the CLI and the older admin routes.
 */
import { randomInt } from 'node:crypto';
import type { AccountImpact, ConsoleAccount } from '@sasayaki/contract';
import type { Db } from '../db/connect.ts';
import type { UserRow } from '../db/schema.ts';
import { fail } from '../errors.ts';
import {
  consoleAccountsPage,
  countConsoleAccounts,
  findUserRowById,
  ownedRowCounts,
  updatePasswordById,
} from '../repositories/users.ts';
import { type Mailer, sendMail } from './mail.ts';
import { GUEST_NAME, groupOf, hashPassword } from './users.ts';

export async function listConsoleAccounts(
  db: Db,
  search: string,
  page: number,
  pageSize: number,
): Promise<{ accounts: ConsoleAccount[]; total: number }> {
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

export async function mustFindAccount(db: Db, id: number): Promise<UserRow> {
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
  db: Db,
  mailer: Mailer,
  id: number,
): Promise<{ user: UserRow; delivery: 'mail' | 'shown'; password?: string }> {
  const user = await mustFindAccount(db, id);
  if (user.name === GUEST_NAME) throw fail('GUEST_PASSWORD');
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  if (user.email) {
    try {
      await sendMail(mailer, {
        to: user.email,
        subject: 'Sasayaki: your new password',
        text: `An administrator reset the password of "${user.name}".\n\nYour new password: ${password}\n\nSign in with it, then change it in the settings.\n`,
      });
    } catch (err) {
      throw fail('MAIL_FAILED', { reason: (err as Error).message.slice(0, 200) });
    }
  }
  await updatePasswordById(db, user.id, passwordHash, Date.now());
  return user.email ? { user, delivery: 'mail' } : { user, delivery: 'shown', password };
}

export async function accountImpact(db: Db, id: number): Promise<AccountImpact> {
  await mustFindAccount(db, id);
  return ownedRowCounts(db, id);
}
