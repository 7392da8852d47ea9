import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * Search terms of one or two characters (`a`, `cv`, `耳`, `膝枕`) have no trigram, so neither
 * index above serves them and they scanned every work's search_text. Each dialect now indexes
 * every one- and two-character substring of search_text (repositories/searchSql.ts):
 * - SQLite: a contentless FTS5 table (`detail=none`: document ids only; 16 MB at 100,000
 *   works, a third of the trigram index) whose text for a work is each character and each pair of adjacent characters,
 *   space-separated, written by triggers in SQL alone (the positions come from `json_each`
 *   over a string of the right length, as triggers allow no recursive query). The unicode61
 *   tokenizer keeps the grams made of letters and digits, which are the terms it serves.
 * - PostgreSQL: a GIN index over the distinct grams, replacing the CJK pairs of migration 073.
 */
export function worksSearchGrams(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`create function sasayaki_search_grams(t text) returns text[] language sql immutable strict parallel safe as $$
          select coalesce(array_agg(distinct g), '{}') from (
            select substr(t, i, 1) as g from generate_series(1, char_length(t)) as i
            union all
            select substr(t, i, 2) from generate_series(1, char_length(t) - 1) as i
          ) grams where position(' ' in g) = 0
        $$`.execute(db);
        await sql`create index works_search_grams on works using gin (sasayaki_search_grams(search_text))`.execute(
          db,
        );
        await sql`drop index if exists works_search_bigrams`.execute(db);
        await sql`drop function if exists sasayaki_cjk_bigrams(text)`.execute(db);
        return;
      }
      // The grams of a text, as one scalar subquery: `key` is each character's position.
      const grams = (text: string) =>
        sql.raw(`(select group_concat(substr(${text}, key + 1, 1) || ' ' || substr(${text}, key + 1, 2), ' ')
          from json_each('[' || replace(hex(zeroblob(length(${text}) - 1)), '00', '0,') || '0]'))`);
      await sql`create virtual table works_grams using fts5(grams, content='', contentless_delete=1, detail=none, tokenize='unicode61 remove_diacritics 0')`.execute(
        db,
      );
      await sql`create trigger works_grams_ai after insert on works begin
        insert into works_grams(rowid, grams) values (new.id, ${grams('new.search_text')}); end`.execute(db);
      await sql`create trigger works_grams_ad after delete on works begin
        delete from works_grams where rowid = old.id; end`.execute(db);
      await sql`create trigger works_grams_au after update of search_text on works begin
        delete from works_grams where rowid = old.id;
        insert into works_grams(rowid, grams) values (new.id, ${grams('new.search_text')}); end`.execute(db);
      await sql`insert into works_grams(rowid, grams) select w.id, ${grams('w.search_text')} from works w`.execute(
        db,
      );
    },
  };
}
