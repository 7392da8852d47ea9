/**
 * Search terms of one or two characters are served by the grams index (migration 090) and must
 * find exactly the works whose search_text contains them, as a substring scan would: checked on
 * generated texts and terms mixing Latin, digits, kana, kanji, punctuation and spaces, including
 * texts changed and removed after they were written (the triggers).
 */
import fc from 'fast-check';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileSearchFilters } from '../../src/repositories/searchSql.ts';
import { DIALECTS, openTestDb } from '../helpers/db.ts';

const ALPHABET = [...'abcxyz019 -!.éÉ耳かきドラマ癒しー々', '𠮷'];
const char = fc.constantFrom(...ALPHABET);
const text = fc.array(char, { maxLength: 40 }).map((cs) => cs.join('').toLowerCase());
const term = fc
  .array(char, { minLength: 1, maxLength: 2 })
  .map((cs) => cs.join('').trim())
  .filter((t) => t.length > 0);

describe.each(DIALECTS)('one- and two-character search terms on %s', (dialect) => {
  it('find exactly the works whose search_text contains them, through inserts, updates and deletes', async () => {
    const db = await openTestDb(dialect);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(text, { minLength: 1, maxLength: 12 }),
          fc.array(text, { maxLength: 4 }),
          fc.array(term, { minLength: 1, maxLength: 6 }),
          async (texts, changed, terms) => {
            await db.deleteFrom('works').execute();
            const base = { source_type: 'DLSITE', create_date: '2024-01-01', root_index: 0, folder_path: '' };
            await db
              .insertInto('works')
              .values(
                texts.map((search_text, i) => ({
                  ...base,
                  id: i + 1,
                  source_id: `RJ${i + 100000}`,
                  title: 't',
                  search_text,
                })),
              )
              .execute();
            const now = [...texts];
            for (const [i, search_text] of changed.slice(0, texts.length).entries()) {
              await db
                .updateTable('works')
                .set({ search_text })
                .where('id', '=', i + 1)
                .execute();
              now[i] = search_text;
            }
            if (now.length > 1) {
              await db.deleteFrom('works').where('id', '=', now.length).execute();
              now.pop();
            }
            for (const t of terms) {
              const search = await compileSearchFilters(
                [{ kind: 'text', text: t, exclude: false }],
                db,
                dialect,
              );
              const found = await db
                .selectFrom('works as w')
                .select('w.id')
                .where((eb) => eb.and(search.page))
                .orderBy('w.id')
                .execute();
              const expected = now.flatMap((s, i) => (s.includes(t.toLowerCase()) ? [i + 1] : []));
              expect(
                found.map((r) => r.id),
                `${JSON.stringify(t)} in ${JSON.stringify(now)}`,
              ).toEqual(expected);
              if (search.soleCount !== undefined) expect(search.soleCount).toBe(expected.length);
            }
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      await db.close();
    }
  });

  it('answers a one- or two-letter word from the index, not by reading every work', async () => {
    const db = await openTestDb(dialect);
    try {
      const search = await compileSearchFilters([{ kind: 'text', text: 'cv', exclude: false }], db, dialect);
      const query = db
        .selectFrom('works as w')
        .select('w.id')
        .where((eb) => eb.and(search.page))
        .compile();
      // The work ids come from an index of grams, never from a LIKE over search_text.
      expect(query.sql).not.toMatch(/like/i);
      if (dialect === 'postgres') {
        expect(query.sql).toContain('sasayaki_search_grams(w.search_text) @>');
      } else {
        const plan = await db.executeQuery(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        expect(JSON.stringify(plan.rows)).toMatch(
          /VIRTUAL TABLE INDEX.*works_grams|works_grams VIRTUAL TABLE/,
        );
      }
    } finally {
      await db.close();
    }
  });
});
