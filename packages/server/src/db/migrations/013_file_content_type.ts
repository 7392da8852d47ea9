import type { Migration } from 'kysely';
import type { AnyDb } from './anyDb.ts';

/** `files.content_type`: the MIME type found in an audio file's content, when its name says another. */
export const fileContentType: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('files').addColumn('content_type', 'text').execute();
  },
};
