/**
 * First run (docs/console.md): while no administrator exists, anyone who opens the site may create
 * the first one. Exactly one request wins a race: creating the account takes a claim row in
 * `settings` in the same transaction, so a second transaction waits on (PostgreSQL) or queues
 * behind (SQLite) the first, then finds the administrator and answers SETUP_DONE.
 */

import type { Db } from '../db/connect.ts';
import type { UserRow } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { deleteSetting, insertSetting } from '../repositories/settings.ts';
import { anyAdministratorId } from '../repositories/users.ts';
import { recordAudit } from './audit.ts';
import { insertPreparedUser, prepareUser } from './users.ts';

const CLAIM_KEY = 'first_admin_claim';

/** Once an administrator exists the answer cannot go back (the last one cannot be removed). */
const done = new WeakSet<Db>();

export async function setupNeeded(db: Db): Promise<boolean> {
  if (done.has(db)) return false;
  if ((await anyAdministratorId(db)) === undefined) return true;
  done.add(db);
  return false;
}

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

export async function createFirstAdministrator(db: Db, name: string, password: string): Promise<UserRow> {
  if (!(await setupNeeded(db))) throw fail('SETUP_DONE');
  const prepared = await prepareUser({ name, password, group: 'administrator' });
  try {
    const row = await db.transaction().execute(async (tx) => {
      // The claim: a racing transaction blocks here until this one ends, then sees the account.
      await insertSetting(tx, CLAIM_KEY, String(prepared.created_at));
      if ((await anyAdministratorId(tx)) !== undefined) throw fail('SETUP_DONE');
      const user = await insertPreparedUser(tx, prepared);
      await deleteSetting(tx, CLAIM_KEY);
      // Done by whoever reached the server first: the new administrator is its own actor.
      const actor = { kind: 'account', id: user.id, name: user.name, group: 'administrator' } as const;
      await recordAudit(tx, actor, { action: 'setup.first-admin', target: user.name });
      return user;
    });
    done.add(db);
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) {
      // The claim row of a transaction that committed meanwhile is gone: the race was lost.
      if (!(await setupNeeded(db))) throw fail('SETUP_DONE');
    }
    throw err;
  }
}
