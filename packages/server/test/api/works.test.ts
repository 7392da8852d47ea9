import { LIMITS, WORK_ORDERS } from '@sasayaki/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { type SeedWork, seedReview, seedUser, seedWorks, vaId } from '../helpers/seed.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { FIXTURE } from './fixtures.ts';

/** Fillers with many equal sort values, so only the id tie-break orders them. */
const FILLERS: SeedWork[] = Array.from({ length: 45 }, (_, i) => ({
  id: 300000 + i,
  title: `Filler ${i}`,
  release: `2020-0${(i % 3) + 1}-01`,
  create_date: '2022-01-01',
  price: (i % 4) * 100,
  dl_count: i % 2,
  rate_average_2dp: 4,
  review_count: i % 5,
  nsfw: i % 2,
}));
const ALL = [...FIXTURE, ...FILLERS];

describe.each(DIALECTS)('works lists and search on %s', (dialect) => {
  let ta: TestApp;
  let token: string;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ta.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const ids = (body: { works: { id: number }[] }) => body.works.map((w) => w.id);

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(ta.db, ALL);
    const uid = await seedUser(ta.db, 'listener');
    const other = await seedUser(ta.db, 'another');
    await seedReview(ta.db, uid, 123456, 5, {
      review_text: 'lovely',
      progress: 'listened',
      updated_at: 1_700_000_000_000,
    });
    await seedReview(ta.db, uid, 200123456, 2);
    await seedReview(ta.db, other, 123456, 3);
    token = await tokenFor(ta, uid);
  });
  afterAll(() => ta.close());

  it('answers a page of works with pagination in the default order (create_date desc)', async () => {
    const { status, body } = await get('/api/works');
    expect(status).toBe(200);
    expect(body.pagination).toEqual({ currentPage: 1, pageSize: 20, totalCount: ALL.length });
    expect(ids(body).slice(0, 3)).toEqual([1500001, 1441165, 123456]);
  });

  it('pins the Work shape of docs/compatibility.md (keys, types, absolute URLs, UUIDv5 voice actors)', async () => {
    const { body: w } = await get('/api/workInfo/RJ01441165');
    expect(w).toMatchObject({
      id: 1441165,
      source_id: 'RJ01441165',
      source_type: 'DLSITE',
      title: '癒しの耳かきボイス',
      circle_id: 10,
      name: 'Team Sasayaki',
      circle: { id: 10, name: 'Team Sasayaki', source_id: 'RG00010', source_type: 'DLSITE' },
      nsfw: true,
      age_category_string: 'adult',
      release: '2024-03-01',
      create_date: '2024-05-01',
      dl_count: 5000,
      price: 1100,
      review_count: 12,
      rate_count: 100,
      rate_average_2dp: 4.85,
      has_subtitle: true,
      duration: 5400,
      original_workno: null,
      userRating: null,
      review_text: null,
      progress: null,
      updated_at: null,
      user_name: null,
    });
    expect(w.vas).toEqual([
      { id: vaId('藤田茜'), name: '藤田茜' },
      { id: vaId('涼花みなせ'), name: '涼花みなせ' },
    ]);
    expect(w.vas[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(w.rate_count_detail).toEqual([
      { review_point: 1, count: 1, ratio: 1 },
      { review_point: 2, count: 2, ratio: 2 },
      { review_point: 3, count: 7, ratio: 7 },
      { review_point: 4, count: 20, ratio: 20 },
      { review_point: 5, count: 70, ratio: 70 },
    ]);
    expect(w.rank).toEqual([{ term: 'week', category: 'voice', rank: 3, rank_date: '2024-03-08' }]);
    expect(w.tags.map((t: { id: number }) => t.id)).toEqual([2, 3, 1]);
    expect(w.tags[0]).toEqual({
      id: 2,
      name: '耳かき',
      i18n: { 'en-us': { name: 'Ear Cleaning' }, 'ja-jp': { name: '耳かき' }, 'zh-cn': { name: '掏耳朵' } },
      upvote: 5,
      downvote: 0,
      voteRank: 5,
      voteStatus: 1,
      myVote: 0,
    });
    expect(w.mainCoverUrl).toMatch(/^http:\/\/[^/]+\/api\/cover\/1441165\.jpg\?type=main$/);
    expect(w.samCoverUrl).toMatch(/^http:\/\/.+type=sam$/);
    expect(w.thumbnailCoverUrl).toMatch(/^http:\/\/.+type=240x240$/);
    expect(w.language_editions).toHaveLength(2);
    expect(w.other_language_editions_in_db).toEqual([
      {
        id: 1500001,
        lang: 'ENG',
        title: 'Healing Ear Cleaning Voice',
        source_id: 'RJ01500001',
        is_original: false,
        source_type: 'DLSITE',
      },
    ]);
    expect(w.translation_info).toMatchObject({
      is_original: true,
      is_parent: true,
      is_child: false,
      child_worknos: ['RJ01500001'],
    });
    for (const key of [
      'site_rate_count',
      'site_rate_average_2dp',
      'site_rate_count_detail',
      'work_attributes',
    ]) {
      expect(w).toHaveProperty(key);
    }
  });

  it('accepts the three work id forms and answers 404/400 for unknown or malformed ids', async () => {
    for (const id of ['123456', '0123456', 'RJ123456', 'rj123456']) {
      expect((await get(`/api/workInfo/${id}`)).body.id).toBe(123456);
    }
    expect((await get('/api/workInfo/VJ123456')).body.id).toBe(200123456);
    const missing = await get('/api/work/RJ09999999');
    expect(missing).toEqual({ status: 404, body: { error: 'Work not found', code: 'WORK_NOT_FOUND' } });
    const bad = await get('/api/work/..%2F..%2Fetc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/RJ01441165/);
  });

  it("adds the caller's rating, review and site ratings; anonymous gets nulls", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const { body: mine } = await get('/api/work/123456', auth);
    expect(mine).toMatchObject({
      userRating: 5,
      review_text: 'lovely',
      progress: 'listened',
      user_name: 'listener',
    });
    expect(mine.updated_at).toBe(new Date(1_700_000_000_000).toISOString());
    expect(mine.site_rate_count).toBe(2);
    expect(mine.site_rate_average_2dp).toBe(4);
    expect(mine.site_rate_count_detail[2]).toEqual({ review_point: 3, count: 1, ratio: 50 });
    const { body: anon } = await get('/api/work/123456');
    expect(anon).toMatchObject({ userRating: null, review_text: null, progress: null, user_name: null });
    const { body: list } = await get('/api/works?order=id&sort=asc&pageSize=3', auth);
    expect(list.works[0]).toMatchObject({ id: 123456, userRating: 5 });
  });

  it('orders by every order both ways with pages that never repeat or skip', async () => {
    for (const order of WORK_ORDERS.filter((o) => o !== 'betterRandom')) {
      for (const sort of ['asc', 'desc']) {
        const seen: number[] = [];
        for (let page = 1; page <= 4; page++) {
          const { status, body } = await get(
            `/api/works?order=${order}&sort=${sort}&page=${page}&pageSize=13`,
          );
          expect(status).toBe(200);
          seen.push(...ids(body));
        }
        expect(seen).toHaveLength(ALL.length);
        expect(new Set(seen).size).toBe(ALL.length);
        const whole = await get(`/api/works?order=${order}&sort=${sort}&pageSize=100`);
        expect(ids(whole.body)).toEqual(seen);
      }
    }
  });

  it('sorts by the value, then by id in the same direction', async () => {
    const { body } = await get('/api/works?order=price&sort=asc&pageSize=100');
    const rows = body.works.map((w: { price: number; id: number }) => [w.price, w.id]);
    const sorted = [...rows].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(rows).toEqual(sorted);
    const desc = await get('/api/works?order=dl_count&sort=desc&pageSize=3');
    expect(ids(desc.body)).toEqual([123456, 1441165, 1500001]);
  });

  it("orders by the caller's own rating, the store rating for anonymous callers", async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect(ids((await get('/api/works?order=rating&sort=desc&pageSize=2', auth)).body)).toEqual([
      123456, 200123456,
    ]);
    expect(ids((await get('/api/works?order=rating&sort=desc&pageSize=2')).body)).toEqual([123456, 1441165]);
  });

  it('keeps a random order stable per seed and changes it with the seed', async () => {
    const a = ids((await get('/api/works?order=random&seed=7&pageSize=100')).body);
    const b = ids((await get('/api/works?order=random&seed=7&pageSize=100')).body);
    const c = ids((await get('/api/works?order=random&seed=8&pageSize=100')).body);
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    expect([...c].sort()).toEqual([...a].sort());
    const one = await get('/api/works?order=betterRandom');
    expect(one.body.works).toHaveLength(1);
  });

  it('filters subtitled works, counting the local subtitles of a POST body', async () => {
    expect(ids((await get('/api/works?subtitle=1')).body)).toEqual([1441165]);
    const res = await ta.app.inject({
      method: 'POST',
      url: '/api/works',
      payload: { subtitle: 1, localSubtitledWorks: [123456], order: 'id', sort: 'asc' },
    });
    expect(ids(res.json())).toEqual([123456, 1441165]);
    const tooMany = await ta.app.inject({
      method: 'POST',
      url: '/api/works',
      payload: { subtitle: 1, localSubtitledWorks: Array.from({ length: 10_001 }, (_, i) => i + 1) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/localSubtitledWorks/);
    const many = await ta.app.inject({
      method: 'POST',
      url: '/api/works',
      payload: {
        subtitle: 1,
        localSubtitledWorks: Array.from({ length: 10_000 }, (_, i) => i + 123_000),
        order: 'id',
      },
    });
    expect(many.statusCode).toBe(200);
    expect(ids(many.json())).toEqual([1441165, 123456]);
  });

  it('takes every list limit of LIMITS up to the limit and refuses one more with its code', async () => {
    const status = async (url: string) => (await get(url)).status;
    expect(await status(`/api/works?page=${LIMITS.pageMax}`)).toBe(200);
    expect((await get(`/api/works?page=${LIMITS.pageMax + 1}`)).body.code).toBe('BAD_NUMBER');
    expect(await status(`/api/works?pageSize=${LIMITS.pageSizeMax}`)).toBe(200);
    expect((await get(`/api/works?pageSize=${LIMITS.pageSizeMax + 1}`)).body.code).toBe('BAD_NUMBER');
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `withPlaylistStatus=p${i}`).join('&');
    expect(await status(`/api/works?${ids(LIMITS.withPlaylistStatusMax)}`)).toBe(200);
    // Repeated or comma-separated, one over the limit is the same refusal (http/fieldErrors.ts).
    expect((await get(`/api/works?${ids(LIMITS.withPlaylistStatusMax + 1)}`)).body.code).toBe(
      'PLAYLIST_STATUS_TOO_MANY',
    );
    const local = async (ids: number[]) =>
      (
        await ta.app.inject({
          method: 'POST',
          url: '/api/works',
          payload: { subtitle: 1, localSubtitledWorks: ids },
        })
      ).statusCode;
    expect(await local([LIMITS.workIdMax])).toBe(200);
    expect(await local([LIMITS.workIdMax + 1])).toBe(400);
  });

  const search = async (keyword: string, query = '') => {
    const r = await get(`/api/search/${encodeURIComponent(keyword)}?order=id&sort=asc&pageSize=100${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return ids(r.body);
  };

  it('searches every term kind', async () => {
    expect(await search('耳かき')).toEqual([1441165, 1500001]);
    expect(await search('耳か')).toEqual([1441165, 1500001]);
    expect(await search('夢')).toEqual([123456, 200123456]);
    expect(await search('HEALING')).toEqual([123456, 1441165, 1500001]);
    expect(await search('"ear cleaning voice"')).toEqual([1500001]);
    expect(await search('RJ01441165')).toEqual([1441165]);
    expect(await search('VJ123456')).toEqual([200123456]);
    expect(await search('-RJ01441165 耳かき')).toEqual([1500001]);
    expect(await search('100%')).toEqual([200123456]);
    expect(await search('h_a')).toEqual([]);
    expect(await search('pure_s')).toEqual([200123456]);
    expect(await search('$tag:癒し$')).toEqual([123456]);
    expect(await search('$tagw:癒し$')).toEqual([123456, 1441165]);
    expect(await search('$tag:healing$')).toEqual([123456]);
    expect(await search('$t:ASMR$')).toEqual([200123456]);
    expect(await search('$tagw:asmr$')).toEqual([200123456]);
    expect(await search('$-tag:耳かき$ $age:general$')).toEqual([123456]);
    expect(await search('$circle:team sasayaki$')).toEqual([1441165, 1500001]);
    expect(await search('-$c:Team Sasayaki$')).toEqual(
      [...FILLERS.map((f) => f.id), 123456, 200123456].sort((a, b) => a - b),
    );
    expect(await search('$va:涼花みなせ$')).toEqual([123456, 1441165]);
    expect(await search('$va:藤田茜$ $-va:涼花みなせ$')).toEqual([1500001]);
    expect(await search('$rate:4.85$ 掏耳')).toEqual([1441165]);
    expect(await search('$-rate:4$')).toEqual([200123456]);
    expect(await search('$sell:5000$')).toEqual([123456, 1441165]);
    expect(await search('$-sell:100$ 夢')).toEqual([200123456]);
    expect(await search('$price:1000$')).toEqual([1441165, 1500001]);
    expect(await search('$-price:1$ $tag:asmr$')).toEqual([200123456]);
    expect(await search('$-price:1$ $tag:耳かき$')).toEqual([]);
    expect(await search('$duration:1.5h$')).toEqual([1441165, 1500001]);
    expect(await search('$d:30$ $-d:1h$')).toEqual([123456]);
    expect(await search('$duration:10m$ $-duration:1799s$')).toEqual([200123456]);
    expect(await search('$age:r15$')).toEqual([200123456]);
    expect(await search('$-age:adult$ 夢')).toEqual([123456, 200123456]);
    expect(await search('$lang:ENG$')).toEqual([1441165, 1500001]);
    expect(await search('$-lang:ENG$ 耳かき')).toEqual([]);
    expect(await search('$lang:jpn$ $tag:耳かき$')).toEqual([1441165]);
  });

  it('takes bounds past what an integer column holds: nothing reaches them', async () => {
    expect(await search('$price:99999999999999999999999$')).toEqual([]);
    expect(await search('$sell:1,000,000,000,000$')).toEqual([]);
    expect(await search('$duration:999999999999h$')).toEqual([]);
    expect(await search('$-price:99999999999$ $tag:耳かき$')).toEqual([1441165, 1500001]);
  });

  it('ignores partial terms and hides translations with includeTranslationWorks=false', async () => {
    expect(await search('耳かき $tag')).toEqual([1441165, 1500001]);
    expect(await search('耳かき $va:藤')).toEqual([1441165, 1500001]);
    expect(await search('耳かき', '&includeTranslationWorks=false')).toEqual([1441165]);
    expect(await search('Healing Ear', '&includeTranslationWorks=false')).toEqual([1441165]);
  });

  it('takes long keywords by POST, and an empty keyword lists everything', async () => {
    const res = await ta.app.inject({
      method: 'POST',
      url: '/api/search/',
      payload: {
        keyword: `${'$-va:nobody-at-all-in-this-library$ '.repeat(14)}耳かき`,
        order: 'id',
        sort: 'asc',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([1441165, 1500001]);
    expect((await get('/api/search/')).body.pagination.totalCount).toBe(ALL.length);
  });

  it('counts every match whether the count comes from the text index alone or not', async () => {
    const lone = (await get('/api/search/healing?pageSize=1')).body;
    expect(lone.works).toHaveLength(1);
    expect(lone.pagination.totalCount).toBe(3);
    const combined = (await get(`/api/search/${encodeURIComponent('healing $age:adult$')}?pageSize=1`)).body;
    expect(combined.pagination.totalCount).toBe(2);
    const short = (await get(`/api/search/${encodeURIComponent('癒し')}?pageSize=1`)).body;
    expect(short.pagination.totalCount).toBe(2);
    const excluded = (await get(`/api/search/${encodeURIComponent('-healing')}?pageSize=1`)).body;
    expect(excluded.pagination.totalCount).toBe(ALL.length - 3);
  });

  it('lists circles, tags and voice actors with counts, lookups and their works', async () => {
    const circles = (await get('/api/circles/')).body;
    expect(circles).toEqual([
      { id: 10, name: 'Team Sasayaki', source_id: 'RG00010', count: 2 },
      { id: 11, name: '夢工房', source_id: 'RG00011', count: 2 },
    ]);
    const tags = (await get('/api/tags/')).body;
    expect(tags.find((t: { id: number }) => t.id === 2)).toMatchObject({
      name: '耳かき',
      count: 2,
      i18n: { 'en-us': { name: 'Ear Cleaning' } },
    });
    expect(tags.find((t: { id: number }) => t.id === 1).count).toBe(1);
    const vas = (await get('/api/vas')).body;
    expect(vas).toContainEqual({ id: vaId('藤田茜'), name: '藤田茜', count: 2 });
    expect((await get('/api/circles/11')).body).toMatchObject({ id: 11, name: '夢工房' });
    expect((await get(`/api/vas/${vaId('Mary Whisper')}`)).body).toEqual({
      id: vaId('Mary Whisper'),
      name: 'Mary Whisper',
    });
    expect((await get('/api/tags/3')).body).toMatchObject({ id: 3, name: '癒し' });
    expect((await get('/api/tags/999')).status).toBe(404);
    expect((await get('/api/circles/abc')).status).toBe(404);
    expect(ids((await get('/api/circles/11/works?order=id&sort=asc')).body)).toEqual([123456, 200123456]);
    expect(ids((await get('/api/tags/1/works')).body)).toEqual([200123456]);
    const byVa = (await get(`/api/vas/${vaId('藤田茜')}/works?order=id&sort=desc&pageSize=1&page=2`)).body;
    expect(byVa.pagination.totalCount).toBe(2);
    expect(ids(byVa)).toEqual([1441165]);
  });

  it.each([
    '/api/works?page=0',
    '/api/works?page=-1',
    '/api/works?page=abc',
    '/api/works?page=1.5',
    '/api/works?pageSize=0',
    '/api/works?pageSize=101',
    '/api/works?pageSize=%00',
    '/api/works?seed=100',
    '/api/works?seed=x',
    '/api/works?order=title',
    '/api/works?order=__proto__',
    '/api/works?sort=sideways',
    '/api/works?subtitle=maybe',
    '/api/search/%24rate%3Aabc%24',
    '/api/search/%24duration%3Along%24',
    '/api/search/%24age%3Aold%24',
    '/api/search/%24lang%3AKLINGON%24',
    '/api/search/%24colour%3Ared%24',
    '/api/search/%24tag%3A%24',
    '/api/search/x?includeTranslationWorks=perhaps',
    '/api/work/-1',
    '/api/work/RJ',
    '/api/work/%00',
    '/api/work/99999999999999',
    '/api/tags/1e309',
    '/api/vas/..%2F..%2Fetc%2Fpasswd',
  ])('answers %s with a 4xx {error}, never a 500', async (url) => {
    const { status, body } = await get(url);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(typeof body.error).toBe('string');
  });
});
