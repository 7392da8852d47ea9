import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/** "Report a problem" messages, listed newest first for administrators. */
export function feedback(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('feedback')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('work_id', 'integer')
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('handled_at', big)
        .execute();
      await db.schema.createIndex('feedback_created').on('feedback').columns(['created_at', 'id']).execute();
    },
  };
}
