import type { Migration } from 'kysely';
import type { AnyDb } from './anyDb.ts';

/** The Subsonic album list `alphabeticalByName` pages works by title. */
export const worksTitleIndex: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('works_title_id').on('works').columns(['title', 'id']).execute();
  },
};
