import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * PostgreSQL: two-character searches of CJK text (`膝枕`, `耳机`) have no trigram, so pg_trgm
 * cannot serve them and they scanned every work. A GIN index over the distinct pairs of
 * adjacent non-ASCII characters of search_text serves them (repositories/searchSql.ts);
 * SQLite keeps scanning search_text for 1–2 characters.
 */
export function worksSearchBigrams(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`create function sasayaki_cjk_bigrams(t text) returns text[] language sql immutable strict parallel safe as $$
        select coalesce(array_agg(distinct b), '{}') from (
          select substr(t, i, 2) as b from generate_series(1, char_length(t) - 1) as i
        ) pairs where ascii(b) > 127 and ascii(substr(b, 2)) > 127
      $$`.execute(db);
      await sql`create index works_search_bigrams on works using gin (sasayaki_cjk_bigrams(search_text))`.execute(
        db,
      );
    },
  };
}
