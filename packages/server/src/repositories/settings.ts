/** The `settings` table: one text value per key. */
import type { Queryable } from './queryable.ts';

export async function deleteSetting(q: Queryable, key: string): Promise<void> {
  await q.deleteFrom('settings').where('key', '=', key).execute();
}

export async function insertSetting(q: Queryable, key: string, value: string): Promise<void> {
  await q.insertInto('settings').values({ key, value }).execute();
}

/** Writes the value unless the key already has one; answers the value the key now has. */
export async function settingOrInsert(q: Queryable, key: string, value: string): Promise<string> {
  await q
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await q.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** The stored rows of these keys (the site settings; never the secrets kept beside them). */
export async function storedSettings(
  q: Queryable,
  keys: readonly string[],
): Promise<{ key: string; value: string }[]> {
  return q.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
}
