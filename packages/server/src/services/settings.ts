/** Server-side settings stored in the database (maintenance html, registration switch, …). */
import type { Db } from '../db/connect.ts';
import { deleteSetting, findSetting, insertSetting } from '../repositories/settings.ts';

export async function getSetting(db: Db, key: string): Promise<string | null> {
  return findSetting(db.db, key);
}

export async function setSetting(db: Db, key: string, value: string | null): Promise<void> {
  await db.db.transaction().execute(async (tx) => {
    await deleteSetting(tx, key);
    if (value !== null) await insertSetting(tx, key, value);
  });
}
