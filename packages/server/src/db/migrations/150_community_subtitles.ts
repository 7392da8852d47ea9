import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Community subtitles (services/subtitles.ts): one row per contributed file. The text itself is
 * a file of the data folder named by the row's id (storage/subtitleFiles.ts), never by the name
 * it was sent under. Rows refer to works and files by id without foreign keys, like reviews: they
 * outlive a rescan, and answers join the files that still exist. `works.community_subtitles`
 * counts a work's accepted ones, so the catalogue's generation moves when it changes and the
 * "subtitle only" filter sees it at the next request.
 */
export function communitySubtitles(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('subtitle_contributions')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('contributor', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('lines', 'integer', (c) => c.notNull())
        .addColumn('cues', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer')
        .addColumn('corrected', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('reviewed_at', big)
        .addColumn('reviewed_by', 'text')
        .execute();
      await db.schema
        .createIndex('subtitle_contributions_track')
        .on('subtitle_contributions')
        .columns(['file_id', 'status'])
        .execute();
      await db.schema
        .createIndex('subtitle_contributions_status')
        .on('subtitle_contributions')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('subtitle_contributions_user')
        .on('subtitle_contributions')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .alterTable('works')
        .addColumn('community_subtitles', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
