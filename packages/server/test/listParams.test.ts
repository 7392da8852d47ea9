/**
 * The list parameters are validated once, by the route schemas (the contract's ListQuery fields,
 * coerced by AJV, lists split on commas in query strings); listOptionsOf only fills in defaults
 * and reads flags. Failures keep the catalogue codes of their fields.
 */
import { LIMITS } from '@sasayaki/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOptionsOf } from '../src/http/listOptions.ts';
import { startTestApp, type TestApp } from './helpers/testApp.ts';

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe('listOptionsOf', () => {
  it('fills in the defaults of docs/product.md §9', () => {
    expect(listOptionsOf({})).toEqual({
      order: 'create_date',
      sort: 'desc',
      page: 1,
      pageSize: LIMITS.pageSizeDefault,
      seed: 0,
      subtitle: false,
      includeTranslationWorks: true,
      withPlaylistStatus: [],
      localSubtitledWorks: [],
    });
  });

  it('reads flags as clients send them: 1/0, true/false in any case, empty for the default', () => {
    for (const yes of [true, 1, '1', 'true', ' TRUE '] as const) {
      expect(listOptionsOf({ subtitle: yes }).subtitle, String(yes)).toBe(true);
    }
    for (const no of [false, 0, '0', 'false', 'False', ''] as const) {
      expect(listOptionsOf({ subtitle: no }).subtitle, String(no)).toBe(false);
    }
    expect(listOptionsOf({ includeTranslationWorks: '' }).includeTranslationWorks).toBe(true);
    expect(listOptionsOf({ includeTranslationWorks: '0' }).includeTranslationWorks).toBe(false);
  });
});

describe('list parameters through the app (sqlite)', () => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp('sqlite');
  });
  afterAll(() => ta.close());

  const get = async (query: string) => {
    const res = await ta.app.inject({ method: 'GET', url: `/api/works?${query}` });
    return { status: res.statusCode, body: res.json() };
  };
  const post = async (body: object) => {
    const res = await ta.app.inject({ method: 'POST', url: '/api/works', payload: body });
    return { status: res.statusCode, body: res.json() };
  };

  it('takes page and pageSize up to LIMITS and refuses one more', async () => {
    const ok = await get(`page=${LIMITS.pageMax}&pageSize=${LIMITS.pageSizeMax}`);
    expect(ok.status).toBe(200);
    expect(ok.body.pagination).toMatchObject({ currentPage: LIMITS.pageMax, pageSize: LIMITS.pageSizeMax });
    expect((await get(`page=${LIMITS.pageMax + 1}`)).body).toMatchObject({
      code: 'BAD_NUMBER',
      params: { name: 'page' },
    });
    expect((await get(`pageSize=${LIMITS.pageSizeMax + 1}`)).body).toMatchObject({
      code: 'BAD_NUMBER',
      params: { name: 'pageSize', max: LIMITS.pageSizeMax },
    });
    expect((await get('pageSize=0')).body.code).toBe('BAD_NUMBER');
    expect((await post({ pageSize: LIMITS.pageSizeMax + 1 })).status).toBe(400);
  });

  it('takes as many local-subtitled ids as LIMITS allows, in a body or one comma-separated value', async () => {
    const max = LIMITS.localSubtitledWorksMax;
    expect((await post({ subtitle: 1, localSubtitledWorks: range(max) })).status).toBe(200);
    expect((await post({ localSubtitledWorks: range(max + 1) })).body).toMatchObject({
      code: 'LOCAL_SUBTITLED_TOO_MANY',
      params: { max },
    });
    expect((await get(`subtitle=1&localSubtitledWorks=1,${LIMITS.workIdMax}`)).status).toBe(200);
    expect((await get(`localSubtitledWorks=${LIMITS.workIdMax + 1}`)).body.code).toBe(
      'LOCAL_SUBTITLED_INVALID',
    );
    expect((await post({ localSubtitledWorks: ['x'] })).body.code).toBe('LOCAL_SUBTITLED_INVALID');
  });

  it('takes as many playlist ids as LIMITS allows, repeated or comma-separated', async () => {
    const max = LIMITS.withPlaylistStatusMax;
    const ids = (n: number) => range(n).map((i) => `p${i}`);
    expect((await get(`withPlaylistStatus=${ids(max).join(',')}`)).status).toBe(200);
    expect((await get(`withPlaylistStatus=${ids(max + 1).join(',')}`)).body).toMatchObject({
      code: 'PLAYLIST_STATUS_TOO_MANY',
      params: { max },
    });
    const repeated = ids(max + 1)
      .map((id) => `withPlaylistStatus=${id}`)
      .join('&');
    expect((await get(repeated)).body.code).toBe('PLAYLIST_STATUS_TOO_MANY');
  });

  it('refuses flags, orders and sorts it does not know, with their codes', async () => {
    for (const ok of ['1', '0', 'true', 'FALSE', ''])
      expect((await get(`subtitle=${ok}`)).status, ok).toBe(200);
    expect((await post({ subtitle: true })).status).toBe(200);
    expect((await get('subtitle=2')).body).toMatchObject({
      code: 'FLAG_INVALID',
      params: { name: 'subtitle' },
    });
    expect((await post({ subtitle: 2 })).body.code).toBe('FLAG_INVALID');
    expect((await get('order=nonsense')).body.code).toBe('ORDER_INVALID');
    expect((await get('sort=sideways')).body.code).toBe('SORT_INVALID');
    const search = await ta.app.inject({ method: 'GET', url: '/api/search/x?includeTranslationWorks=maybe' });
    expect(search.json()).toMatchObject({
      code: 'FLAG_INVALID',
      params: { name: 'includeTranslationWorks' },
    });
  });
});
