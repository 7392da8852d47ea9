import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Sessions as rows (services/sessions.ts): every sign-in makes one, its token names it, and a
 * request is good only while the row exists. Replaces the list of logged-out token texts
 * (`revoked_tokens`), which another spelling of the same token slipped past.
 */
export function sessions(dialect: Dialect): Migration {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The account's token_version when the session began: a password or group change ends it.
        .addColumn('token_version', 'integer', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('last_seen_at', big, (c) => c.notNull())
        .addColumn('expires_at', big, (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('sessions_user')
        .on('sessions')
        .columns(['user_id', 'last_seen_at'])
        .execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
      await db.schema.dropTable('revoked_tokens').execute();
    },
  };
}
