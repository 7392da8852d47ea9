import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Library roots added in the console (docs/console.md). A root's id is the key its works keep in
 * `works.root_index`; ids start at 1000, below them are the SASAYAKI_LIBRARY roots by position.
 */
export function libraryRoots(dialect: Dialect): Migration {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('library_roots')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('path', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
    },
  };
}
