import type { Migration } from 'kysely';
import { nameSkeleton } from '../../names.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * users.name_skeleton: the confusables skeleton of each name (services/names.ts), unique, so a
 * new name cannot read like a taken one. Existing accounts keep their names: where two older
 * names share a skeleton, the later account's gets its id appended, and both still sign in.
 */
export const userNameSkeleton: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('name_skeleton', 'text').execute();
    const rows = await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
    const taken = new Set<string>();
    for (const r of rows as { id: number; name: string }[]) {
      let skeleton = nameSkeleton(r.name);
      if (taken.has(skeleton)) skeleton = `${skeleton}#${r.id}`;
      taken.add(skeleton);
      await db.updateTable('users').set({ name_skeleton: skeleton }).where('id', '=', r.id).execute();
    }
    await db.schema
      .createIndex('users_by_name_skeleton')
      .on('users')
      .column('name_skeleton')
      .unique()
      .execute();
  },
};
