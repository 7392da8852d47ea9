/**
 * Every endpoint of accounts, reviews, votes, playlists, recommender and admin fed with garbage
 * (wrong types, nulls, huge strings, nested junk, bad JSON) as an administrator with an email —
 * the role that passes every permission check — never answers 5xx; refusals carry `{error}`.
 * (Some junk is valid input: a name like `../../etc/passwd` is just a name.)
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../auth/fixtures.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

const BODY_ROUTES: [InjectOptions['method'], string][] = [
  ['POST', '/api/auth/reg'],
  ['POST', '/api/auth/me'],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/email/request-link'],
  ['POST', '/api/auth/email/verify'],
  ['POST', '/api/auth/reset-password/request'],
  ['POST', '/api/auth/reset-password/confirm'],
  ['PUT', '/api/review'],
  ['POST', '/api/vote/vote-work-tag'],
  ['POST', '/api/vote/attach-tags-to-work'],
  ['POST', '/api/playlist/create-playlist'],
  ['POST', '/api/playlist/edit-playlist-metadata'],
  ['POST', '/api/playlist/delete-playlist'],
  ['POST', '/api/playlist/like-playlist'],
  ['POST', '/api/playlist/remove-like-playlist'],
  ['POST', '/api/playlist/add-works-to-playlist'],
  ['POST', '/api/playlist/remove-works-from-playlist'],
  ['POST', '/api/recommender/popular'],
  ['POST', '/api/recommender/recommend-for-user'],
  ['POST', '/api/recommender/item-neighbors'],
  ['POST', '/api/recommender/feedback'],
  ['POST', '/api/admin/users/set-group'],
  ['POST', '/api/admin/users/set-password'],
  ['POST', '/api/admin/users/delete'],
  ['PUT', '/api/admin/maintenance'],
  ['PUT', '/api/admin/registration'],
  ['PUT', '/api/listening/positions'],
  ['POST', '/api/listening/beacon'],
  ['PUT', '/api/listening/queue'],
  ['POST', '/api/listening/history'],
  ['PUT', '/api/listening/settings'],
  ['POST', '/api/bookmarks'],
];

const HUGE = 'x'.repeat(30_000);
const FIELDS = [
  'name',
  'password',
  'oldPassword',
  'newPassword',
  'email',
  'verifyId',
  'code',
  'work_id',
  'rating',
  'review_text',
  'progress',
  'workID',
  'tagID',
  'tagIDs',
  'status',
  'id',
  'works',
  'privacy',
  'description',
  'keyword',
  'itemId',
  'type',
  'recommenderUuid',
  'page',
  'pageSize',
  'group',
  'html',
  'enabled',
];
const VALUES: unknown[] = [
  null,
  -1,
  0,
  1.5,
  1e300,
  '',
  HUGE,
  [],
  [null],
  {},
  { $gt: '' },
  true,
  'RJ',
  '../../etc/passwd',
  "'; drop table users; --",
];

function garbageBodies(): unknown[] {
  const bodies: unknown[] = [[], 'plain text', 42, null];
  VALUES.forEach((v, i) => {
    const body: Record<string, unknown> = {};
    FIELDS.forEach((f, j) => {
      body[f] = VALUES[(i + j) % VALUES.length];
    });
    body[FIELDS[i % FIELDS.length]!] = v;
    bodies.push(body);
  });
  return bodies;
}

const GET_ROUTES = [
  '/api/review?page=abc&order=rm&filter=1',
  '/api/review?pageSize=100000',
  '/api/playlist/get-playlists?page=0&pageSize=-3&filterBy[]=x',
  '/api/playlist/get-playlist-metadata',
  `/api/playlist/get-playlist-metadata?id=${HUGE.slice(0, 5000)}`,
  '/api/playlist/get-playlist-works?id=00000000-0000-4000-8000-000000000000&order=evil',
  '/api/playlist/get-work-exist-status-in-my-playlists?workID=RJ&version=9',
  '/api/playlist/get-work-exist-status-in-my-playlists?workID=1&page=-1',
  '/api/review?sort=sideways',
];

describe.each(DIALECTS)('garbage in, 4xx out (%s)', (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, CATALOGUE);
    admin = await account(t, 'admin-acct', { group: 'administrator', email: 'admin@example.org' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every body route with 4xx {error} for garbage bodies', async () => {
    let refused = 0;
    let total = 0;
    for (const [method, url] of BODY_ROUTES) {
      for (const body of garbageBodies()) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...admin, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const label = `${method} ${url} ${JSON.stringify(body).slice(0, 120)}`;
        expect(res.statusCode, `${label} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().error, label).toBe('string');
        refused += res.statusCode >= 400 ? 1 : 0;
        total += 1;
      }
      const broken = await t.app.inject({
        method,
        url,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(broken.statusCode, `${url} broken JSON`).toBe(400);
    }
    // Nearly all of it is refused; the rest is junk that happens to be valid.
    expect(refused / total).toBeGreaterThan(0.9);
  });

  it('never answers 5xx when one field of a valid body turns to garbage', async () => {
    const pl = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlist/create-playlist',
        headers: admin,
        payload: { name: 'fuzz' },
      })
    ).json().id as string;
    const VALID: [InjectOptions['method'], string, Record<string, unknown>][] = [
      ['PUT', '/api/review', { work_id: 100001, rating: 3, review_text: 'ok', progress: 'marked' }],
      ['POST', '/api/vote/vote-work-tag', { workID: 100001, tagID: 1, status: 1 }],
      ['POST', '/api/vote/attach-tags-to-work', { workID: 100001, tagIDs: [2] }],
      [
        'POST',
        '/api/playlist/create-playlist',
        { name: 'ok', privacy: 1, description: 'd', works: [100001] },
      ],
      ['POST', '/api/playlist/edit-playlist-metadata', { id: pl, name: 'ok', privacy: 0 }],
      ['POST', '/api/playlist/add-works-to-playlist', { id: pl, works: [100002] }],
      ['POST', '/api/playlist/remove-works-from-playlist', { id: pl, works: [100002] }],
      [
        'POST',
        '/api/recommender/popular',
        { keyword: 'whisper', page: 1, pageSize: 5, subtitle: 1, localSubtitledWorks: [100001] },
      ],
      ['POST', '/api/recommender/recommend-for-user', { recommenderUuid: 'u-1', page: 1, pageSize: 5 }],
      ['POST', '/api/recommender/item-neighbors', { itemId: 100001, pageSize: 5 }],
      ['POST', '/api/recommender/feedback', { type: 'start', recommenderUuid: 'u-1', itemId: 100001 }],
      ['PUT', '/api/admin/registration', { enabled: true }],
    ];
    const FUZZ: unknown[] = [
      null,
      -1,
      0,
      1.5,
      1e300,
      2 ** 53,
      '',
      'RJ99999999',
      HUGE,
      [],
      [1e300],
      [-1],
      {},
      true,
    ];
    for (const [method, url, body] of VALID) {
      for (const field of Object.keys(body)) {
        for (const v of FUZZ) {
          const res = await t.app.inject({ method, url, headers: admin, payload: { ...body, [field]: v } });
          const label = `${method} ${url} ${field}=${JSON.stringify(v)?.slice(0, 40)}`;
          expect(res.statusCode, `${label} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json().error, label).toBe('string');
        }
      }
    }
  });

  it('answers bad query strings with 4xx {error}', async () => {
    for (const url of GET_ROUTES) {
      const res = await t.app.inject({ url, headers: admin });
      expect(res.statusCode, `${url.slice(0, 120)} → ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('documents the routes in OpenAPI', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const [, url] of BODY_ROUTES) expect(Object.keys(doc.paths), url).toContain(url);
    expect(doc.paths['/api/auth/email/verify'].post.description).toMatch(/verify id expired/);
  });
});
