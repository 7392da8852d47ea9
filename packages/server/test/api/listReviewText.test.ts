/**
 * Cards show "My review" with its text wherever they show its stars: list and search answers
 * carry the viewer's own review_text when there is one (and nothing more for others).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { seedReview, seedUser, seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';

describe.each(DIALECTS)('the own review text in lists (%s)', (dialect) => {
  let ta: TestApp;
  let token: string;
  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(ta.db, [
      { id: 400001, title: 'Reviewed rain' },
      { id: 400002, title: 'Rated rain' },
      { id: 400003, title: 'Plain rain' },
    ]);
    const uid = await seedUser(ta.db, 'listener');
    await seedReview(ta.db, uid, 400001, 4, { review_text: 'calm and close' });
    await seedReview(ta.db, uid, 400002, 5);
    token = await tokenFor(ta, uid);
  });
  afterAll(async () => {
    await ta?.close();
  });

  for (const url of [
    '/api/works?order=id&sort=asc',
    `/api/search/${encodeURIComponent('rain')}?order=id&sort=asc`,
  ]) {
    it(`${url.split('?')[0]}: text with the stars for the viewer, none for a visitor`, async () => {
      const mine = await ta.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(mine.statusCode).toBe(200);
      const works = mine.json().works as { id: number; userRating: number | null; review_text?: string }[];
      expect(works.map((w) => [w.id, w.userRating, w.review_text])).toEqual([
        [400001, 4, 'calm and close'],
        [400002, 5, undefined],
        [400003, null, undefined],
      ]);
      const visitor = (await ta.app.inject({ url })).json().works as { review_text?: string }[];
      expect(visitor.every((w) => w.review_text === undefined)).toBe(true);
    });
  }
});
