/** Server-side settings stored in the database (maintenance html, registration switch, …). */
import type { Db } from '../db/connect.ts';

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function setSetting(db: Db, key: string, value: string | null): Promise<void> {
  await db.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('settings').where('key', '=', key).execute();
    if (value !== null) await tx.insertInto('settings').values({ key, value }).execute();
  });
}
