import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * PostgreSQL: the catalogue generation's bump also notifies every instance on the schema
 * (infra/cluster/signals.ts), delivered when the writing transaction commits.
 */
export function notifyCatalogueGeneration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`create or replace function bump_catalogue_generation() returns trigger language plpgsql as $$
        declare g bigint;
        begin
          if current_setting('sasayaki.generation_bumped', true) = 'yes' then return null; end if;
          perform set_config('sasayaki.generation_bumped', 'yes', true);
          update catalogue_state set generation = generation + 1 where id = 1 returning generation into g;
          perform pg_notify('sasayaki:' || current_schema(), 'catalogue:' || g);
          return null;
        end $$`.execute(db);
    },
  };
}
