import type { ColumnDefinitionBuilder, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Listening state per account (services/listening.ts): the position in each track, one play
 * queue, the history (one row per track: when last played and how far), the history setting and
 * bookmarks. Like reviews, rows refer to works and files by id without foreign keys to them:
 * they outlive a rescan that drops a file, and answers join the files that still exist.
 */
export function listeningState(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  const real = pg ? 'double precision' : 'real';
  const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('listening_positions')
        .addColumn('user_id', 'integer', user)
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('position', real, (c) => c.notNull())
        .addColumn('duration', real)
        .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('listening_positions_pk', ['user_id', 'file_id'])
        .execute();
      await db.schema
        .createIndex('listening_positions_work')
        .on('listening_positions')
        .columns(['user_id', 'work_id'])
        .execute();

      await db.schema
        .createTable('play_queues')
        .addColumn('user_id', 'integer', (c) => user(c).primaryKey())
        .addColumn('tracks', 'text', (c) => c.notNull())
        .addColumn('current_index', 'integer', (c) => c.notNull())
        .addColumn('position', real, (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('listening_history')
        .addColumn('user_id', 'integer', user)
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('position', real, (c) => c.notNull())
        .addColumn('duration', real)
        .addColumn('played_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('listening_history_pk', ['user_id', 'file_id'])
        .execute();
      await db.schema
        .createIndex('listening_history_played')
        .on('listening_history')
        .columns(['user_id', 'played_at'])
        .execute();
      await db.schema
        .createIndex('listening_history_work')
        .on('listening_history')
        .columns(['user_id', 'work_id', 'played_at'])
        .execute();

      await db.schema
        .createTable('listening_settings')
        .addColumn('user_id', 'integer', (c) => user(c).primaryKey())
        .addColumn('record_history', 'integer', (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('bookmarks')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('user_id', 'integer', user)
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('position', real, (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('bookmarks_track')
        .on('bookmarks')
        .columns(['user_id', 'work_id', 'file_id', 'position'])
        .execute();
    },
  };
}
