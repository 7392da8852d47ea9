import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../auth/fixtures.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('reading the reviews of a work (%s)', (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof account>>;
  let bob: Awaited<ReturnType<typeof account>>;
  let carol: Awaited<ReturnType<typeof account>>;
  const put = (who: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/review', headers: who, payload });
  const read = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/review/of-work?${query}`, headers });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, CATALOGUE);
    alice = await account(t, 'alice');
    bob = await account(t, 'bobby');
    carol = await account(t, 'carol');
    await put(alice, { work_id: 100001, rating: 4, review_text: 'lovely voice' });
    await put(bob, { work_id: 100001, rating: 2 });
    // Progress alone is private: not a review anyone else reads.
    await put(carol, { work_id: 100001, progress: 'listening' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists ratings and texts, newest first, to anyone; progress never shows', async () => {
    const res = await read('work_id=RJ100001');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ currentPage: 1, pageSize: 10, totalCount: 2 });
    expect(body.reviews.map((r: { userName: string }) => r.userName)).toEqual(['bobby', 'alice']);
    expect(body.reviews[1]).toMatchObject({ rating: 4, review_text: 'lovely voice', mine: false });
    expect(body.reviews[0]).toMatchObject({ rating: 2, review_text: null });
    expect(JSON.stringify(body)).not.toContain('listening');
  });

  it('marks the caller’s own review and pages', async () => {
    const mine = (await read('work_id=100001', { authorization: alice.authorization })).json();
    expect(mine.reviews.map((r: { mine: boolean }) => r.mine)).toEqual([false, true]);
    const second = (await read('work_id=100001&page=2&pageSize=1')).json();
    expect(second.pagination).toEqual({ currentPage: 2, pageSize: 1, totalCount: 2 });
    expect(second.reviews.map((r: { userName: string }) => r.userName)).toEqual(['alice']);
  });

  it('follows edits and deletions', async () => {
    await put(alice, { work_id: 100001, review_text: 'changed my mind' });
    const after = (await read('work_id=100001')).json();
    expect(after.reviews[0]).toMatchObject({ userName: 'alice', rating: 4, review_text: 'changed my mind' });
    await t.app.inject({ method: 'DELETE', url: '/api/review?work_id=100001', headers: bob });
    expect((await read('work_id=100001')).json().pagination.totalCount).toBe(1);
  });

  it('answers bad input with 4xx {error}', async () => {
    for (const q of [
      '',
      'work_id=abc',
      'work_id=999999',
      'work_id=100001&page=0',
      'work_id=100001&pageSize=1000',
    ]) {
      const res = await read(q);
      expect(res.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
  });
});
