/**
 * Viewers for calling services directly: the principal the auth plugin makes from a token of
 * the account (its id, name and group as stored now).
 */
import type { AccountPrincipal } from '../../src/access.ts';
import type { Db } from '../../src/db/connect.ts';
import { findUserById, groupOf } from '../../src/services/users.ts';

export async function viewerOf(db: Db, userId: number): Promise<AccountPrincipal> {
  const row = await findUserById(db, userId);
  if (!row) throw new Error(`no account ${userId}`);
  return { kind: 'account', id: row.id, name: row.name, group: groupOf(row) };
}
