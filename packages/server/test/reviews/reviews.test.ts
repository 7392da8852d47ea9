import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../auth/fixtures.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('reviews and progress (%s)', (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof account>>;
  let bob: Awaited<ReturnType<typeof account>>;
  const put = (who: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/review', headers: who, payload });
  const siteRating = (id: number) =>
    t.db
      .selectFrom('works')
      .select(['site_rate_count', 'site_rate_average_2dp', 'site_rate_count_detail', 'review_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, CATALOGUE);
    alice = await account(t, 'alice');
    bob = await account(t, 'bobby');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rates, reviews and sets progress; the work shows the caller’s fields and the site rating', async () => {
    const res = await put(alice, {
      work_id: 'RJ100001',
      rating: 4,
      review_text: 'lovely',
      progress: 'listening',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'review saved' });
    expect(await siteRating(100001)).toEqual({
      site_rate_count: 1,
      site_rate_average_2dp: 4,
      site_rate_count_detail: '[0,0,0,1,0]',
      // The store's figure (from the sidecar): this site's reviews never change it.
      review_count: 0,
    });
    const work = (await t.app.inject({ url: '/api/work/100001', headers: alice })).json();
    expect(work).toMatchObject({ userRating: 4, review_text: 'lovely', progress: 'listening' });
    const other = (await t.app.inject({ url: '/api/work/100001', headers: bob })).json();
    expect(other).toMatchObject({ userRating: null, review_text: null, progress: null });

    // Partial update: progress only keeps the rating; rating 0 clears it.
    await put(alice, { work_id: 100001, progress: 'listened' });
    expect((await t.app.inject({ url: '/api/work/100001', headers: alice })).json()).toMatchObject({
      userRating: 4,
      progress: 'listened',
    });
    await put(bob, { work_id: 100001, review_point: 1 });
    expect((await siteRating(100001)).site_rate_average_2dp).toBe(2.5);
    await put(alice, { work_id: 100001, rating: 0 });
    expect(await siteRating(100001)).toMatchObject({
      site_rate_count: 1,
      site_rate_average_2dp: 1,
      review_count: 0,
    });
  });

  it('lists own reviews with filter and orders, never another user’s', async () => {
    await put(alice, { work_id: 100002, progress: 'marked' });
    await put(alice, { work_id: 100003, progress: 'marked', rating: 5 });
    const marked = (await t.app.inject({ url: '/api/review?filter=marked', headers: alice })).json();
    expect(marked.works.map((w: { id: number }) => w.id)).toEqual([100003, 100002]);
    expect(marked.pagination).toEqual({ currentPage: 1, pageSize: 20, totalCount: 2 });
    expect(marked.works[0]).toMatchObject({ userRating: 5, progress: 'marked' });
    const all = (await t.app.inject({ url: '/api/review?order=id&sort=asc', headers: alice })).json();
    expect(all.works.map((w: { id: number }) => w.id)).toEqual([100001, 100002, 100003]);
    const bobs = (await t.app.inject({ url: '/api/review', headers: bob })).json();
    expect(bobs.works.map((w: { id: number }) => w.id)).toEqual([100001]);
  });

  it('deletes only the caller’s own review', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/review?work_id=100003', headers: bob });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'no review of this work', code: 'REVIEW_NOT_FOUND' });
    const mine = await t.app.inject({
      method: 'DELETE',
      url: '/api/review?work_id=RJ100003',
      headers: alice,
    });
    expect(mine.json()).toEqual({ message: 'review deleted' });
    expect(await siteRating(100003)).toMatchObject({ site_rate_count: 0, review_count: 0 });
  });

  it('answers garbage with 4xx {error}', async () => {
    const cases: [string, string, object | undefined][] = [
      ['PUT', '/api/review', { work_id: 100001, rating: 9 }],
      ['PUT', '/api/review', { work_id: 100001, rating: 'five' }],
      ['PUT', '/api/review', { work_id: 100001, progress: 'sleeping' }],
      ['PUT', '/api/review', { work_id: 'XX1', rating: 3 }],
      ['PUT', '/api/review', { work_id: 999999, rating: 3 }],
      ['PUT', '/api/review', { work_id: 100001, review_text: 'x'.repeat(20_000) }],
      ['PUT', '/api/review', { rating: 3 }],
      ['PUT', '/api/review', { work_id: 1e300, rating: 3 }],
      ['PUT', '/api/review', { work_id: 2 ** 40, rating: 3 }],
      ['PUT', '/api/review', { work_id: 1.5, rating: 3 }],
      ['GET', '/api/review?page=-1', undefined],
      ['GET', '/api/review?filter=nope', undefined],
      ['GET', '/api/review?order=drop', undefined],
      ['DELETE', '/api/review?work_id=abc', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: alice, payload });
      expect(
        res.statusCode,
        `${method} ${url} ${JSON.stringify(payload)?.slice(0, 60)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
    const anon = await t.app.inject({
      method: 'PUT',
      url: '/api/review',
      payload: { work_id: 100001, rating: 3 },
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: 'No authorization token was found', code: 'NO_TOKEN' });
  });

  it('keeps the site rating exact under concurrent reviews', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => account(t, `rater${i}`)));
    const results = await Promise.all(
      users.map((u, i) => put(u, { work_id: 100005, rating: (i % 5) + 1, review_text: `r${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(users.map(() => 200));
    const s = await siteRating(100005);
    expect(s.site_rate_count).toBe(8);
    expect(s.review_count).toBe(0); // the store's count, not this site's
    expect(JSON.parse(s.site_rate_count_detail)).toEqual([2, 2, 2, 1, 1]);
    expect(s.site_rate_average_2dp).toBe(2.63);
  });

  it('keeps one review when the same user saves twice at once', async () => {
    const u = await account(t, 'doubleclick');
    const results = await Promise.all([1, 2, 3, 4, 5].map((rating) => put(u, { work_id: 100006, rating })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.db.selectFrom('reviews').select('rating').where('work_id', '=', 100006).execute();
    expect(rows).toHaveLength(1);
    expect((await siteRating(100006)).site_rate_count).toBe(1);
  });
});
