import type { Migration } from 'kysely';
import { nameKey } from '../../names.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * users.name_key: the normalised name, unique. Existing accounts keep their names; where two
 * older names normalise alike, the later account's key gets its id appended so both still sign
 * in by their exact names.
 */
export const userNameKey: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('name_key', 'text').execute();
    const rows = await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
    const taken = new Set<string>();
    for (const r of rows as { id: number; name: string }[]) {
      let key = nameKey(r.name);
      if (taken.has(key)) key = `${key}#${r.id}`;
      taken.add(key);
      await db.updateTable('users').set({ name_key: key }).where('id', '=', r.id).execute();
    }
    await db.schema.createIndex('users_by_name_key').on('users').column('name_key').unique().execute();
  },
};
