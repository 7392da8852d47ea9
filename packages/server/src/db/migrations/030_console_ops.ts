import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * The administrator's console: the audit log, when each account was last seen and whether it is
 * disabled, reviews hidden by a moderator, and tags a moderator removed from a work (the scanner
 * does not put them back). A maintenance message stored before keeps the site in maintenance.
 */
export function consoleOps(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('at', big, (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_name', 'at']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at']).execute();
      await db.schema.alterTable('users').addColumn('last_seen_at', big).execute();
      await db.schema.alterTable('users').addColumn('disabled_at', big).execute();
      await db.schema.alterTable('reviews').addColumn('hidden_at', big).execute();
      await db.schema
        .createTable('work_tag_removals')
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('tag_id', 'integer', (c) => c.notNull())
        .addColumn('removed_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('work_tag_removals_pk', ['work_id', 'tag_id'])
        .execute();
      const html = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'maintenance_html')
        .executeTakeFirst();
      if (html?.value)
        await db.insertInto('settings').values({ key: 'maintenance', value: 'true' }).execute();
    },
  };
}
