/**
 * Lists are assembled from cached per-work JSON (services/catalogue/workCache.ts): the bytes must be what
 * the response schema's compiled serialiser writes, and every catalogue write — through this
 * server, another instance or straight into the database — must show on the next request.
 */
import { WorkList } from '@sasayaki/contract';
import fastJson from 'fast-json-stringify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putReview } from '../../src/services/reviews.ts';
import { voteWorkTag } from '../../src/services/votes.ts';
import { DIALECTS } from '../helpers/db.ts';
import { type SeedWork, seedUser, seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';

const serializeWorkList = fastJson(WorkList);

const WORKS: SeedWork[] = Array.from({ length: 12 }, (_, i) => ({
  id: 300_000 + i,
  title: `キャッシュ作品 cached "${i}" \\ ${'é'.repeat(i)}`,
  circle: { id: 70 + (i % 3), name: `サークル${i % 3}` },
  vas: [`声優${i % 4}`, `Voice ${i % 5}`],
  tags: [
    { id: 1, name: '癒し', name_en: 'Healing', upvote: i },
    { id: 2 + (i % 2), name: `タグ${i % 2}`, status: i % 3 === 0 ? 0 : 1 },
  ],
  dl_count: 100 * i,
  rate_count_detail: JSON.stringify([i, 0, 1, 2, 3]),
  language_editions:
    i === 0
      ? JSON.stringify([
          {
            lang: 'ENG',
            label: 'English',
            workno: 'RJ300001',
            edition_id: 1,
            edition_type: 'language',
            display_order: 2,
          },
        ])
      : '[]',
}));

describe.each(DIALECTS)('cached work JSON on %s', (dialect) => {
  let ta: TestApp;
  let viewerToken: string;
  let viewerId: number;
  const get = async (url: string, token?: string) => {
    const res = await ta.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const titles = async (url = '/api/works?order=id&sort=asc&pageSize=100') =>
    (JSON.parse(await get(url)) as WorkList).works.map((w) => w.title);

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(ta.db, WORKS);
    viewerId = await seedUser(ta.db, 'cache-viewer');
    viewerToken = await tokenFor(ta, viewerId);
  });
  afterAll(() => ta.close());

  it('answers byte for byte what the compiled serialiser writes, cached or not', async () => {
    for (const url of [
      '/api/works?order=id&sort=asc&pageSize=100',
      '/api/works?order=dl_count&sort=desc&pageSize=5&page=2',
      `/api/search/${encodeURIComponent('$tag:癒し$')}?pageSize=7`,
      '/api/work/300000',
    ]) {
      const first = await get(url);
      const again = await get(url);
      expect(again).toBe(first);
      const parsed = JSON.parse(first);
      const expected = url.startsWith('/api/work/') ? JSON.stringify(parsed) : serializeWorkList(parsed);
      expect(first).toBe(expected);
    }
    const page = JSON.parse(await get('/api/works?order=id&sort=asc&pageSize=100')) as WorkList;
    expect(page.pagination).toEqual({ currentPage: 1, pageSize: 100, totalCount: WORKS.length });
    expect(page.works[0]!.other_language_editions_in_db.map((e) => e.id)).toEqual([300_001]);
    expect(page.works[0]!.mainCoverUrl).toMatch(/\/api\/cover\/300000\.jpg\?type=main$/);
  });

  it('shows writes made straight into the database on the next request', async () => {
    await titles();
    await get(`/api/search/${encodeURIComponent('$tag:癒し$')}`);
    await sql`update works set title = 'renamed by hand' where id = 300003`.execute(ta.db);
    expect((await titles())[3]).toBe('renamed by hand');

    await sql`update circles set name = 'new circle name' where id = 70`.execute(ta.db);
    const work0 = JSON.parse(await get('/api/work/300000'));
    expect(work0.name).toBe('new circle name');

    await sql`update tags set name_en = 'Soothing' where id = 1`.execute(ta.db);
    const tagged = JSON.parse(await get('/api/works?order=id&sort=asc&pageSize=1')) as WorkList;
    expect(tagged.works[0]!.tags.find((t) => t.id === 1)!.i18n['en-us'].name).toBe('Soothing');

    // The count of a search follows its matches.
    const before = JSON.parse(await get(`/api/search/${encodeURIComponent('$tag:癒し$')}`)) as WorkList;
    await sql`delete from work_tags where work_id = 300005 and tag_id = 1`.execute(ta.db);
    const after = JSON.parse(await get(`/api/search/${encodeURIComponent('$tag:癒し$')}`)) as WorkList;
    expect(after.pagination.totalCount).toBe(before.pagination.totalCount - 1);

    // A work added by another writer appears in lists and counts.
    await seedWorks(ta.db, [{ id: 300_100, title: 'added later' }]);
    const list = JSON.parse(await get('/api/works?order=id&sort=desc&pageSize=1')) as WorkList;
    expect(list.works[0]!.title).toBe('added later');
    expect(list.pagination.totalCount).toBe(WORKS.length + 1);
  });

  it('sees the writes of another server instance on the same database', async () => {
    // The same data folder too: on SQLite it holds the secret the viewer's token is signed with.
    const other = await startTestApp(dialect, { dataDir: ta.config.dataDir }, { database: ta.db });
    try {
      await titles();
      const res = await other.app.inject({
        method: 'PUT',
        url: '/api/review',
        headers: { authorization: `Bearer ${viewerToken}` },
        payload: { work_id: 300_002, rating: 4 },
      });
      expect(res.statusCode).toBeLessThan(300);
      const page = JSON.parse(await get('/api/works?order=id&sort=asc&pageSize=100')) as WorkList;
      const rated = page.works.find((w) => w.id === 300_002)!;
      expect(rated.site_rate_count).toBe(1);
      expect(rated.site_rate_average_2dp).toBe(4);
    } finally {
      await other.close();
    }
  });

  it("keeps a viewer's own votes and rating out of what other viewers get", async () => {
    // Votes need a bound email (access.ts): the viewer binds one first.
    await ta.db
      .updateTable('users')
      .set({ email: 'cache-viewer@example.org' })
      .where('id', '=', viewerId)
      .execute();
    await voteWorkTag(ta.db, await viewerOf(ta.db, viewerId), 300_004, 1, 1);
    const url = '/api/works?order=id&sort=asc&pageSize=100';
    const mine = (JSON.parse(await get(url, viewerToken)) as WorkList).works.find((w) => w.id === 300_004)!;
    expect(mine.tags.find((t) => t.id === 1)!.myVote).toBe(1);
    const mineRated = (JSON.parse(await get(url, viewerToken)) as WorkList).works.find(
      (w) => w.id === 300_002,
    )!;
    expect(mineRated.userRating).toBe(4);
    const anon = (JSON.parse(await get(url)) as WorkList).works;
    expect(anon.find((w) => w.id === 300_004)!.tags.every((t) => t.myVote === 0)).toBe(true);
    expect(anon.find((w) => w.id === 300_002)!.userRating).toBeNull();
    const body = await get(url, viewerToken);
    expect(body).toBe(serializeWorkList(JSON.parse(body)));
  });

  it("serves a cached page to its own viewer only, and follows that viewer's writes", async () => {
    const otherId = await seedUser(ta.db, 'cache-other');
    const otherToken = await tokenFor(ta, otherId);
    const url = '/api/works?order=id&sort=desc&pageSize=20';
    const ratingOf = async (token?: string) =>
      (JSON.parse(await get(url, token)) as WorkList).works.find((w) => w.id === 300_005)!.userRating;
    await putReview(ta.db, await viewerOf(ta.db, viewerId), 300_005, {
      rating: 5,
      progress: 'listening',
      review_text: 'mine',
    });
    // The writer asks first, so a page cached without the viewer in its key would reach the others.
    expect(await ratingOf(viewerToken)).toBe(5);
    expect(await ratingOf(viewerToken)).toBe(5);
    expect(await ratingOf(otherToken)).toBeNull();
    expect(await ratingOf()).toBeNull();
    const mine = await get(url, viewerToken);
    expect(await get(url, viewerToken)).toBe(mine);
    await putReview(ta.db, await viewerOf(ta.db, viewerId), 300_005, { rating: 2 });
    expect(await ratingOf(viewerToken)).toBe(2);
    expect(await ratingOf(otherToken)).toBeNull();
    await putReview(ta.db, await viewerOf(ta.db, otherId), 300_005, { rating: 3 });
    expect(await ratingOf(otherToken)).toBe(3);
    expect(await ratingOf(viewerToken)).toBe(2);
    expect(await ratingOf()).toBeNull();
  });
});
