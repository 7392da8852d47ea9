import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Invitations (services/invitations.ts): one-time codes an administrator hands out, so a friend
 * can register while registration is closed. Only a hash of each code is kept.
 */
export function invitations(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('invitations')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('expires_at', big, (c) => c.notNull())
        .addColumn('used_at', big)
        .addColumn('used_by', 'text')
        .addColumn('revoked_at', big)
        .execute();
      await db.schema
        .createIndex('invitations_created')
        .on('invitations')
        .columns(['created_at', 'id'])
        .execute();
    },
  };
}
