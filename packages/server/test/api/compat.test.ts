/**
 * Pins the response shapes of docs/compatibility.md: every key of the Work object with its JSON type
 * (strict decoders in Go, Kotlin and F# clients fail on a missing key or a number sent as a
 * string), the list envelope, the track node keys and the OpenAPI description of each route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { seedUser, seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { FIXTURE } from './fixtures.ts';

type JsonType =
  | 'integer'
  | 'number'
  | 'string'
  | 'boolean'
  | 'array'
  | 'object'
  | 'string|null'
  | 'array|null'
  | 'integer|null';

const WORK_KEYS: Record<string, JsonType> = {
  id: 'integer',
  source_id: 'string',
  source_type: 'string',
  source_url: 'string',
  title: 'string',
  circle_id: 'integer',
  name: 'string',
  circle: 'object',
  vas: 'array',
  tags: 'array',
  nsfw: 'boolean',
  age_category_string: 'string',
  release: 'string',
  create_date: 'string',
  dl_count: 'integer',
  price: 'integer',
  review_count: 'integer',
  rate_count: 'integer',
  rate_average_2dp: 'number',
  rate_count_detail: 'array',
  rank: 'array|null',
  has_subtitle: 'boolean',
  duration: 'integer',
  language_editions: 'array',
  other_language_editions_in_db: 'array',
  translation_info: 'object',
  original_workno: 'string|null',
  work_attributes: 'string',
  samCoverUrl: 'string',
  thumbnailCoverUrl: 'string',
  mainCoverUrl: 'string',
  userRating: 'integer|null',
};
const DETAIL_KEYS: Record<string, JsonType> = {
  review_text: 'string|null',
  progress: 'string|null',
  updated_at: 'string|null',
  user_name: 'string|null',
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function expectShape(obj: Record<string, unknown>, keys: Record<string, JsonType>, where: string) {
  for (const [key, type] of Object.entries(keys)) {
    expect(obj, `${where}: ${key}`).toHaveProperty(key);
    const actual = typeOf(obj[key]);
    const allowed = type.split('|').flatMap((t) => (t === 'number' ? ['number', 'integer'] : [t]));
    expect(allowed, `${where}: ${key} is ${actual}`).toContain(actual);
  }
}

describe.each(DIALECTS)('docs/compatibility.md shapes on %s', (dialect) => {
  let ta: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(ta.db, FIXTURE);
    const uid = await seedUser(ta.db, 'compat-user');
    auth = { authorization: `Bearer ${await tokenFor(ta, uid)}` };
    await ta.db
      .insertInto('playlists')
      .values([
        {
          id: '11111111-1111-4111-8111-111111111111',
          user_id: uid,
          name: 'mine',
          created_at: 1,
          updated_at: 1,
        },
      ])
      .execute();
    await ta.db
      .insertInto('playlist_works')
      .values({ playlist_id: '11111111-1111-4111-8111-111111111111', work_id: 123456, added_at: 1 })
      .execute();
  });
  afterAll(() => ta.close());

  it('answers lists as {works, pagination} with complete Work objects', async () => {
    for (const url of ['/api/works', '/api/search/%E8%80%B3', '/api/circles/10/works']) {
      const body = (await ta.app.inject({ url })).json();
      expect(Object.keys(body).sort(), url).toEqual(['pagination', 'works']);
      expectShape(
        body.pagination,
        { currentPage: 'integer', pageSize: 'integer', totalCount: 'integer' },
        url,
      );
      expect(body.works.length, url).toBeGreaterThan(0);
      for (const w of body.works) expectShape(w, WORK_KEYS, `${url} ${w.id}`);
    }
  });

  it('answers /api/work with the caller fields always present, nested objects typed', async () => {
    for (const headers of [{}, auth]) {
      const w = (await ta.app.inject({ url: '/api/work/RJ01441165', headers })).json();
      expectShape(w, { ...WORK_KEYS, ...DETAIL_KEYS }, 'work');
      expectShape(
        w.circle,
        { id: 'integer', name: 'string', source_id: 'string', source_type: 'string' },
        'circle',
      );
      for (const va of w.vas) expectShape(va, { id: 'string', name: 'string' }, 'va');
      for (const tag of w.tags) {
        expectShape(
          tag,
          {
            id: 'integer',
            name: 'string',
            i18n: 'object',
            upvote: 'integer',
            downvote: 'integer',
            voteRank: 'integer',
            voteStatus: 'integer',
            myVote: 'integer',
          },
          'tag',
        );
        for (const locale of ['en-us', 'ja-jp', 'zh-cn'])
          expectShape(tag.i18n[locale], { name: 'string' }, locale);
      }
      for (const d of w.rate_count_detail)
        expectShape(d, { review_point: 'integer', count: 'integer', ratio: 'integer' }, 'detail');
      for (const e of w.language_editions) {
        expectShape(
          e,
          {
            lang: 'string',
            label: 'string',
            workno: 'string',
            edition_id: 'integer',
            edition_type: 'string',
            display_order: 'integer',
          },
          'edition',
        );
      }
      for (const o of w.other_language_editions_in_db) {
        expectShape(
          o,
          {
            id: 'integer',
            lang: 'string',
            title: 'string',
            source_id: 'string',
            is_original: 'boolean',
            source_type: 'string',
          },
          'other',
        );
      }
      expectShape(
        w.translation_info,
        {
          is_original: 'boolean',
          is_parent: 'boolean',
          is_child: 'boolean',
          original_workno: 'string|null',
          parent_workno: 'string|null',
          child_worknos: 'array',
        },
        'translation_info',
      );
    }
  });

  it('reports playlist status only when asked and signed in', async () => {
    const pid = '11111111-1111-4111-8111-111111111111';
    const asked = (
      await ta.app.inject({ url: `/api/works?order=id&sort=asc&withPlaylistStatus=${pid}`, headers: auth })
    ).json();
    expect(asked.works.map((w: { playlistStatus: object }) => w.playlistStatus)).toEqual(
      asked.works.map((w: { id: number }) => ({ [pid]: w.id === 123456 })),
    );
    const detail = (
      await ta.app.inject({ url: `/api/work/123456?withPlaylistStatus=${pid}`, headers: auth })
    ).json();
    expect(detail.playlistStatus).toEqual({ [pid]: true });
    const anonymous = (await ta.app.inject({ url: `/api/works?withPlaylistStatus=${pid}` })).json();
    expect(anonymous.works[0]).not.toHaveProperty('playlistStatus');
    const notAsked = (await ta.app.inject({ url: '/api/works', headers: auth })).json();
    expect(notAsked.works[0]).not.toHaveProperty('playlistStatus');
  });

  it('describes every catalogue and media route in the OpenAPI document', async () => {
    const doc = (await ta.app.inject({ url: '/api/docs/json' })).json();
    for (const route of [
      '/api/works',
      '/api/search/{keyword}',
      '/api/search/',
      '/api/workInfo/{id}',
      '/api/work/{id}',
      '/api/tracks/{id}',
      '/api/circles/',
      '/api/tags/{id}',
      '/api/vas/{id}/works',
      '/api/media/stream/{id}',
      '/api/media/download/{workId}/{fileId}',
      '/api/media/stream-lq/{id}',
      '/api/cover/{file}',
    ]) {
      expect(doc.paths, route).toHaveProperty([route]);
    }
    expect(doc.paths['/api/works'].post).toBeDefined();
    expect(doc.paths['/api/media/stream/{id}'].head).toBeDefined();
  });
});
