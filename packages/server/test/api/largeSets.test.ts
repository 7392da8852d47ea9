/**
 * Search terms that match thousands of works take another SQL shape on SQLite than rare ones
 * (searchSql.ts): both shapes must give the same pages and counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { type SeedWork, seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const COMMON = { id: 1, name: 'よくあるタグ', name_en: 'Common' };
const RARE = { id: 2, name: 'めずらしいタグ', name_en: 'Rare' };
const N = 4200;

/** Work i: every work has the common tag, one in 100 the rare one; VAs and words alternate. */
const WORKS: SeedWork[] = Array.from({ length: N }, (_, i) => ({
  id: 500_000 + i,
  title: i % 2 ? `Whisper night ${i}` : `Rain garden ${i}`,
  create_date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
  rate_average_2dp: (i % 50) / 10,
  tags: i % 100 === 0 ? [COMMON, RARE] : [{ ...COMMON, status: i % 7 === 0 ? 0 : 1 }],
  vas: [i % 3 ? 'Common Voice' : 'Other Voice'],
}));

/** The expected ids of a predicate in the default order (create_date desc, id desc). */
function expected(pred: (w: SeedWork, i: number) => boolean): number[] {
  return WORKS.map((w, i) => [w, i] as const)
    .filter(([w, i]) => pred(w, i))
    .map(([w]) => w)
    .sort((a, b) =>
      b.create_date! < a.create_date! ? -1 : b.create_date! > a.create_date! ? 1 : b.id - a.id,
    )
    .map((w) => w.id);
}

describe.each(DIALECTS)('large and small match sets on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(ta.db, WORKS);
  }, 60_000);
  afterAll(() => ta.close());

  const search = async (keyword: string, page = 1) => {
    const res = await ta.app.inject({
      url: `/api/search/${encodeURIComponent(keyword)}?pageSize=40&page=${page}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { ids: body.works.map((w: { id: number }) => w.id), total: body.pagination.totalCount };
  };

  it.each([
    ['$tag:よくあるタグ$', (_w: SeedWork, i: number) => i % 7 !== 0 || i % 100 === 0],
    ['$tagw:common$', () => true],
    ['$tag:rare$', (_w: SeedWork, i: number) => i % 100 === 0],
    ['$va:Common Voice$', (_w: SeedWork, i: number) => i % 3 !== 0],
    ['$-va:Common Voice$', (_w: SeedWork, i: number) => i % 3 === 0],
    ['whisper', (_w: SeedWork, i: number) => i % 2 === 1],
    ['-whisper $rate:4$', (w: SeedWork, i: number) => i % 2 === 0 && w.rate_average_2dp! >= 4],
    [
      '$tag:Common$ $-va:other voice$ $rate:2.5$ night',
      (w: SeedWork, i: number) =>
        (i % 7 !== 0 || i % 100 === 0) && i % 3 !== 0 && w.rate_average_2dp! >= 2.5 && i % 2 === 1,
    ],
    ['garden $tag:rare$', (_w: SeedWork, i: number) => i % 2 === 0 && i % 100 === 0],
  ])('%s: pages and count match the rule', async (keyword, pred) => {
    const want = expected(pred);
    const first = await search(keyword, 1);
    expect(first.total).toBe(want.length);
    expect(first.ids).toEqual(want.slice(0, 40));
    const third = await search(keyword, 3);
    expect(third.ids).toEqual(want.slice(80, 120));
  });
});
