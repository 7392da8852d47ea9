import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/** Every table a work's shared JSON is built from; a write to any of them changes the generation. */
export const CATALOGUE_TABLES = ['works', 'circles', 'vas', 'work_vas', 'tags', 'work_tags'] as const;

/**
 * `catalogue_state.generation`: a counter the database itself bumps on every write to the
 * catalogue tables, in the writing transaction (as it commits, on PostgreSQL). Servers cache
 * serialised works per generation (services/catalogue/workCache.ts), so a scan, vote or review through any
 * server instance, or a hand edit of the database, retires every cached copy at its commit.
 */
export function catalogueGeneration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('catalogue_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('generation', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('catalogue_state').values({ id: 1, generation: 1 }).execute();
      if (dialect === 'postgres') {
        // Deferred to the commit, and once per transaction: the row lock on catalogue_state is
        // then the last lock a writer takes, held only while it commits, so it can never be
        // part of a deadlock with the locks of reviews, votes or scans.
        await sql`create function bump_catalogue_generation() returns trigger language plpgsql as $$
          begin
            if current_setting('sasayaki.generation_bumped', true) = 'yes' then return null; end if;
            perform set_config('sasayaki.generation_bumped', 'yes', true);
            update catalogue_state set generation = generation + 1 where id = 1;
            return null;
          end $$`.execute(db);
        for (const table of CATALOGUE_TABLES) {
          await sql`create constraint trigger ${sql.raw(`${table}_generation`)} after insert or update or delete
            on ${sql.table(table)} deferrable initially deferred
            for each row execute function bump_catalogue_generation()`.execute(db);
        }
        return;
      }
      for (const table of CATALOGUE_TABLES) {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.raw(`${table}_generation_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
            begin update catalogue_state set generation = generation + 1 where id = 1; end`.execute(db);
        }
      }
    },
  };
}
