/**
 * One bad row never fails a page: works whose stored JSON columns violate the response schema
 * (written directly, as older versions or hand edits of the database leave them) are served
 * repaired, and the rest of the page with them.
 */
import { Work } from '@sasayaki/contract';
import { sql } from 'kysely';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { type SeedWork, seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const checkWork = Compile(Work);

/** Each broken the way a real database was found or could be. */
const BAD: SeedWork[] = [
  // The variant that took every list down: an edition without edition_id/edition_type/display_order.
  { id: 900001, language_editions: JSON.stringify([{ lang: 'ENG', label: 'English', workno: 'RJ900002' }]) },
  { id: 900002, language_editions: '{"lang":"ENG"}', translation_info: '[1,2,3]' },
  { id: 900003, language_editions: 'not json at all', translation_info: '"text"', rank: '{"rank":1}' },
  { id: 900004, rank: JSON.stringify([{ term: 'week' }, { rank: '3', rank_date: 'soon' }]) },
  { id: 900005, rate_count_detail: '{"1":5}', translation_info: '{"lang":5,"child_worknos":"RJ900001"}' },
  { id: 900006, rate_count_detail: '[null,"x",-5,1e400,7]', age_category: 'r18+', rank: '"top"' },
  {
    id: 900007,
    language_editions: JSON.stringify([null, 5, { workno: 12 }, { workno: 'RJ900001', edition_id: 'x' }]),
  },
].map((w, i) => ({ ...w, title: `壊れた作品 broken ${i}` }));

const GOOD: SeedWork[] = Array.from({ length: 5 }, (_, i) => ({
  id: 910000 + i,
  title: `普通の作品 broken-free ${i}`,
}));

describe.each(DIALECTS)('works with schema-violating stored JSON on %s', (dialect) => {
  let ta: TestApp;
  const get = async (url: string) => {
    const res = await ta.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(ta.db, [...BAD, ...GOOD]);
    if (dialect === 'sqlite') {
      // SQLite keeps whatever a column is given: text in a number column, too.
      await sql`update works set price = 'cheap', rate_average_2dp = 'high' where id = 900002`.execute(ta.db);
    }
  });
  afterAll(() => ta.close());

  it('serves the whole list, every work fitting the schema', async () => {
    const res = await get('/api/works?pageSize=100&order=id&sort=asc');
    expect(res.status).toBe(200);
    expect(res.body.works.map((w: { id: number }) => w.id)).toEqual([...BAD, ...GOOD].map((w) => w.id));
    for (const w of res.body.works) expect(checkWork.Check(w)).toBe(true);
    const first = res.body.works[0];
    expect(first.language_editions).toEqual([
      {
        lang: 'ENG',
        label: 'English',
        workno: 'RJ900002',
        edition_id: 0,
        edition_type: 'language',
        display_order: 1,
      },
    ]);
  });

  it('serves search results and each work in detail', async () => {
    const search = await get(`/api/search/${encodeURIComponent('broken')}?pageSize=100`);
    expect(search.status).toBe(200);
    expect(search.body.pagination.totalCount).toBe(BAD.length + GOOD.length);
    expect(search.body.works).toHaveLength(BAD.length + GOOD.length);
    for (const w of BAD) {
      for (const route of ['workInfo', 'work']) {
        const res = await get(`/api/${route}/${w.id}`);
        expect(res.status, `${route}/${w.id}`).toBe(200);
        expect(checkWork.Check(res.body)).toBe(true);
      }
    }
  });

  it('keeps what is sound in a broken column and drops only the broken entries', async () => {
    const rank = (await get('/api/workInfo/900004')).body.rank;
    expect(rank).toEqual([{ term: '', category: '', rank: 3, rank_date: '' }]);
    const detail = (await get('/api/workInfo/900006')).body;
    expect(detail.rate_count_detail.map((d: { count: number }) => d.count)).toEqual([0, 0, 0, 0, 7]);
    expect(detail.rank).toEqual([]);
    const editions = (await get('/api/workInfo/900007')).body.language_editions;
    expect(editions.map((e: { workno: string; edition_id: number }) => [e.workno, e.edition_id])).toEqual([
      ['RJ900001', 0],
    ]);
  });
});
