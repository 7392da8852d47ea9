import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Tokens ended by logout before their expiry (auth/sessions.ts), by a hash of the token; kept
 * until the token would have expired anyway. In the database, so every instance refuses them.
 */
export function revokedTokens(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('revoked_tokens')
        .addColumn('token_key', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('revoked_tokens_expires_at')
        .on('revoked_tokens')
        .column('expires_at')
        .execute();
    },
  };
}
