import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Per-device app passwords of the Subsonic API (subsonic/README.md): the secret encrypted with
 * the server's key (token auth needs it back), and its SHA-256 to find it by apiKey.
 */
export function appPasswords(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('app_passwords')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret_enc', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', pg ? 'bigint' : 'integer', (c) => c.notNull())
        .addColumn('last_used_at', pg ? 'bigint' : 'integer')
        .execute();
      await db.schema.createIndex('app_passwords_user').on('app_passwords').column('user_id').execute();
    },
  };
}
