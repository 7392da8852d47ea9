/**
 * Each kind of write retires what it changed and nothing else (services/catalogue/workCache.ts,
 * migration 110): every list it affects shows the change at the next request on both instances,
 * and what it does not affect is still answered from the cache (no lookup misses).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Work, WorkList } from '@sasayaki/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Db, openDb } from '../../src/db/connect.ts';
import { scanLibrary } from '../../src/scanner/index.ts';
import { deleteAccount } from '../../src/services/accounts.ts';
import { workCacheOf } from '../../src/services/catalogue/workCache.ts';
import { putReview } from '../../src/services/reviews.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { attachTags, voteWorkTag } from '../../src/services/votes.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedUser } from '../helpers/seed.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';
import { writeTree } from '../scanner/helpers.ts';

/** Every work has tag ALL; works 1–2 tag FIRST, works 3–4 tag SECOND. */
const ALL = 31;
const FIRST = 32;
const SECOND = 33;

function work(n: number): Record<string, number | string> {
  const dir = `RJ0300000${n} 範囲作品${n}`;
  return {
    [`${dir}/01.wav`]: 1,
    [`${dir}/work.json`]: JSON.stringify({
      title: `範囲作品${n}`,
      circle: { id: 51, name: '範囲サークル' },
      vas: [{ name: `範囲声優${n}` }],
      tags: [
        { id: ALL, name: '範囲全部' },
        n <= 2 ? { id: FIRST, name: '範囲前半' } : { id: SECOND, name: '範囲後半' },
      ],
    }),
  };
}

const code = (n: number) => `RJ0300000${n}`;

describe.each(DIALECTS)('what each write retires on %s', (dialect) => {
  let ta: TestApp;
  let otherDb: Db;
  let other: FastifyInstance;
  let listener: number;
  let token: string;
  const ids = new Map<number, number>();
  const library = () => ta.config.libraryRoots[0]!;
  const scan = async () => {
    const result = await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
    expect(result.errors).toEqual([]);
  };
  const instances = () =>
    [
      [ta.app, ta.db],
      [other, otherDb],
    ] as const;
  const get = async (app: FastifyInstance, url: string, auth?: string) => {
    const res = await app.inject({ url, headers: auth ? { authorization: `Bearer ${auth}` } : {} });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return url.includes('f=xml') ? res.body : res.json();
  };
  const misses = (db: Db) => {
    const l = workCacheOf(db).lookups;
    return l.head.miss + l.result.miss + l.page.miss;
  };
  /** Whether `url` is answered without one cache miss on this instance. */
  const fromCache = async (app: FastifyInstance, db: Db, url: string) => {
    const before = misses(db);
    await get(app, url);
    return misses(db) === before;
  };
  /** URLs a write of work 1 must not retire, warmed on both instances. */
  const UNTOUCHED = [
    '/api/works?order=id&sort=asc&pageSize=2&page=2',
    `/api/tags/${SECOND}/works`,
    '/api/circles/',
    '/api/vas/',
    '/rest/getArtists?f=json',
    '/rest/getIndexes?f=xml',
  ];
  const warm = async (urls: readonly string[]) => {
    for (const [app] of instances()) for (const url of urls) await get(app, url);
  };
  const expectCached = async (urls: readonly string[]) => {
    for (const [app, db] of instances()) {
      for (const url of urls) expect(await fromCache(app, db, url), url).toBe(true);
    }
  };
  const workOf = (app: FastifyInstance, n: number) => get(app, `/api/work/${ids.get(n)}`) as Promise<Work>;
  const firstPage = async (app: FastifyInstance, auth?: string) =>
    (await get(app, '/api/works?order=id&sort=asc&pageSize=2&page=1', auth)) as WorkList;

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    writeTree(library(), { ...work(1), ...work(2), ...work(3), ...work(4) });
    await scan();
    for (const r of await ta.db.selectFrom('works').select(['id', 'source_id']).execute()) {
      ids.set(Number(r.source_id.slice(-1)), r.id);
    }
    otherDb = await openDb(
      dialect === 'postgres'
        ? { databaseUrl: ta.db.databaseUrl, pgSchema: ta.db.pgSchema, poolSize: 2 }
        : { sqlitePath: ta.db.sqlitePath },
    );
    other = await buildApp({ config: ta.config, db: otherDb, logger: false });
    listener = await seedUser(ta.db, 'scope-listener');
    await ta.db.updateTable('users').set({ email: 'l@example.invalid' }).where('id', '=', listener).execute();
    token = await tokenFor(ta, listener);
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
    await ta?.close();
  });

  it('a rating retires its work and the pages showing it, not the other pages or lists', async () => {
    await warm([...UNTOUCHED, '/api/works?order=id&sort=asc&pageSize=2&page=1', `/api/work/${ids.get(1)}`]);
    await putReview(ta.db, await viewerOf(ta.db, listener), ids.get(1)!, { rating: 4 });
    for (const [app] of instances()) {
      expect((await workOf(app, 1)).site_rate_count).toBe(1);
      expect((await firstPage(app)).works[0]!.site_rate_average_2dp).toBe(4);
    }
    await expectCached(UNTOUCHED);
  });

  it('a review text and a progress mark change only the viewer’s own answers', async () => {
    for (const [app] of instances()) expect((await firstPage(app, token)).works[0]!.userRating).toBe(4);
    await warm([...UNTOUCHED, '/api/works?order=id&sort=asc&pageSize=2&page=1']);
    await putReview(ta.db, await viewerOf(ta.db, listener), ids.get(1)!, {
      progress: 'listening',
      review_text: 'よかった',
      rating: 2,
    });
    await putReview(ta.db, await viewerOf(ta.db, listener), ids.get(1)!, { rating: 4 });
    await warm(['/api/works?order=id&sort=asc&pageSize=2&page=1']);
    await putReview(ta.db, await viewerOf(ta.db, listener), ids.get(1)!, { progress: 'listened' });
    for (const [app] of instances()) {
      const mine = (await get(app, `/api/work/${ids.get(1)}`, token)) as Work;
      expect(mine.progress).toBe('listened');
      expect(mine.review_text).toBe('よかった');
      expect((await firstPage(app, token)).works[0]!.userRating).toBe(4);
    }
    // The site rating did not move: the anonymous page and every list stay cached.
    await expectCached([...UNTOUCHED, '/api/works?order=id&sort=asc&pageSize=2&page=1']);
  });

  it('a tag vote changes its work’s counters, not the tag lists it leaves as they were', async () => {
    await warm([...UNTOUCHED, `/api/tags/${FIRST}/works`, '/api/tags/']);
    const state = await voteWorkTag(ta.db, await viewerOf(ta.db, listener), ids.get(1)!, FIRST, 1);
    expect(state.upvote).toBe(1);
    for (const [app] of instances()) {
      const tag = (await workOf(app, 1)).tags.find((t) => t.id === FIRST)!;
      expect(tag.upvote).toBe(1);
      const page = (await get(app, `/api/tags/${FIRST}/works?order=id&sort=asc`)) as WorkList;
      expect(page.works[0]!.tags.find((t) => t.id === FIRST)!.upvote).toBe(1);
    }
    // The vote did not change the tag's status for the work: the tag counts stay cached.
    await expectCached([...UNTOUCHED, '/api/tags/']);
  });

  it('a tag added to a work changes that tag’s works and counts, not another tag’s works', async () => {
    const countOf = async (app: FastifyInstance, url: string) =>
      ((await get(app, url)) as WorkList).pagination.totalCount;
    await warm([
      ...UNTOUCHED,
      `/api/tags/${FIRST}/works`,
      '/api/tags/',
      '/api/works?order=id&sort=asc&pageSize=2&page=1',
    ]);
    for (const [app] of instances()) expect(await countOf(app, `/api/tags/${FIRST}/works`)).toBe(2);
    const word = `/api/search/${encodeURIComponent('範囲作品')}?order=id&sort=asc&pageSize=1`;
    const byTag = `/api/search/${encodeURIComponent('$tagw:範囲前半$')}?pageSize=1`;
    await warm([word, byTag]);
    for (const [app] of instances()) expect(await countOf(app, byTag)).toBe(2);
    await attachTags(ta.db, await viewerOf(ta.db, listener), ids.get(3)!, [FIRST]);
    // A word search reads no tag links: still cached; a tag search counts the new link.
    await expectCached([word]);
    for (const [app] of instances()) expect(await countOf(app, byTag)).toBe(3);
    for (const [app] of instances()) {
      expect(await countOf(app, `/api/tags/${FIRST}/works`)).toBe(3);
      const tags = (await get(app, '/api/tags/')) as { id: number; count: number }[];
      expect(tags.find((t) => t.id === FIRST)?.count).toBe(3);
    }
    // Work 3 is on page 2 and in SECOND's works (its head changed); the other lists stay.
    await expectCached(['/api/circles/', '/api/vas/', '/api/works?order=id&sort=asc&pageSize=2&page=1']);
  });

  it('a scan adding and removing works changes every list on both instances', async () => {
    const total = async (app: FastifyInstance) =>
      ((await get(app, '/api/works?pageSize=1')) as WorkList).pagination.totalCount;
    for (const [app] of instances()) expect(await total(app)).toBe(4);
    await warm([`/api/work/${ids.get(2)}`]);
    writeTree(library(), work(5));
    await scan();
    // The works the scan did not touch keep their cached JSON.
    await expectCached([`/api/work/${ids.get(2)}`]);
    for (const [app] of instances()) {
      expect(await total(app)).toBe(5);
      const circles = (await get(app, '/api/circles/')) as { id: number; count: number }[];
      expect(circles.find((c) => c.id === 51)?.count).toBe(5);
      const artists = await get(app, '/rest/getArtists?f=json');
      const index = artists['subsonic-response'].artists.index as { artist: { albumCount: number }[] }[];
      expect(index.flatMap((g) => g.artist.map((a) => a.albumCount))).toEqual([5]);
      expect(await get(app, '/rest/getIndexes?f=xml')).toContain('albumCount="5"');
    }
    fs.rmSync(path.join(library(), `${code(4)} 範囲作品4`), { recursive: true });
    await scan();
    for (const [app] of instances()) {
      expect(await total(app)).toBe(4);
      const page = (await get(app, `/api/tags/${SECOND}/works`)) as WorkList;
      expect(page.works.map((w) => w.source_id).sort()).toEqual([code(3), code(5)]);
    }
  });

  it('deleting an account takes its rating off its works and keeps the rest', async () => {
    await warm(['/api/circles/', '/api/vas/', `/api/work/${ids.get(2)}`]);
    for (const [app] of instances()) expect((await workOf(app, 1)).site_rate_count).toBe(1);
    await deleteAccount(ta.db, { id: listener });
    for (const [app] of instances()) {
      expect((await workOf(app, 1)).site_rate_count).toBe(0);
      expect((await firstPage(app)).works[0]!.site_rate_count).toBe(0);
    }
    await expectCached(['/api/circles/', '/api/vas/', `/api/work/${ids.get(2)}`]);
  });
});
