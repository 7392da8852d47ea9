/**
 * Discover: public playlists found by anyone, visitors included, by text, most liked or most
 * recent first, a page at a time; each playlist carries its owner, works and total duration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

type Who = { authorization: string };
type Listed = { id: string; name: string; user_name: string; likes_count: number; total_duration: number };

describe.each(DIALECTS)('discover public playlists (%s)', (dialect) => {
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  let carol: Who;
  const ids: Record<string, string> = {};
  const post = (who: Who, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/playlist/${path}`, headers: who, payload });
  const list = async (query: string, who?: Who) => {
    const res = await t.app.inject({ url: `/api/playlist/get-playlists?${query}`, headers: who ?? {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { playlists: Listed[]; pagination: { totalCount: number } };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, [
      { id: 200001, title: 'Rain', duration: 1800 },
      { id: 200002, title: 'Ear cleaning', duration: 3600 },
      { id: 200003, title: 'Tea', duration: 600 },
    ]);
    alice = await account(t, 'alice');
    bob = await account(t, 'bobby');
    carol = await account(t, 'carol');
    const made: [Who, string, number, string, number[]][] = [
      [alice, 'Sleep rain', 2, 'for the night', [200001, 200002]],
      [alice, 'Morning tea', 2, '', [200003]],
      [bob, 'Work focus', 2, 'quiet_100% focus', []],
      [bob, 'Unlisted sleep', 1, '', [200001]],
      [bob, 'Private sleep', 0, '', [200001]],
    ];
    for (const [who, name, privacy, description, works] of made) {
      const res = await post(who, 'create-playlist', { name, privacy, description, works });
      expect(res.statusCode, res.body).toBe(200);
      ids[name] = res.json().id;
    }
    // Work focus: 2 likes; Morning tea: 1; Sleep rain: none. Sleep rain changes last.
    for (const [who, name] of [
      [alice, 'Work focus'],
      [carol, 'Work focus'],
      [bob, 'Morning tea'],
    ] as const) {
      expect((await post(who, 'like-playlist', { id: ids[name] })).statusCode).toBe(200);
    }
    await post(alice, 'edit-playlist-metadata', { id: ids['Sleep rain'], description: 'for the night.' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists only public playlists to a visitor, most recently changed first', async () => {
    const res = await list('filterBy=public');
    expect(res.playlists.map((p) => p.name)).toEqual(['Sleep rain', 'Work focus', 'Morning tea']);
    expect(res.pagination.totalCount).toBe(3);
  });

  it('orders by likes, ties by recency', async () => {
    const res = await list('filterBy=public&order=likes');
    expect(res.playlists.map((p) => [p.name, p.likes_count])).toEqual([
      ['Work focus', 2],
      ['Morning tea', 1],
      ['Sleep rain', 0],
    ]);
  });

  it('finds by name, description or owner, case-insensitive, wildcards taken literally', async () => {
    expect((await list('filterBy=public&q=SLEEP')).playlists.map((p) => p.name)).toEqual(['Sleep rain']);
    expect((await list('filterBy=public&q=night')).playlists.map((p) => p.name)).toEqual(['Sleep rain']);
    expect((await list('filterBy=public&q=bobby')).playlists.map((p) => p.name)).toEqual(['Work focus']);
    expect((await list('filterBy=public&q=100%25')).playlists.map((p) => p.name)).toEqual(['Work focus']);
    expect((await list('filterBy=public&q=_')).playlists.map((p) => p.name)).toEqual(['Work focus']);
    const none = await list('filterBy=public&q=zzz');
    expect(none).toMatchObject({ playlists: [], pagination: { totalCount: 0 } });
    // The text also narrows the caller's own lists.
    const own = await list('filterBy=created&q=tea', alice);
    expect(own.playlists.map((p) => p.name)).toEqual(['Morning tea']);
  });

  it('pages: the count is of all matches, the page holds pageSize', async () => {
    const first = await list('filterBy=public&order=likes&page=1&pageSize=2');
    const second = await list('filterBy=public&order=likes&page=2&pageSize=2');
    expect(first.pagination.totalCount).toBe(3);
    expect([...first.playlists, ...second.playlists].map((p) => p.name)).toEqual([
      'Work focus',
      'Morning tea',
      'Sleep rain',
    ]);
  });

  it('gives owner, number of works and total duration, also to a visitor by id', async () => {
    const res = await t.app.inject({ url: `/api/playlist/get-playlist-metadata?id=${ids['Sleep rain']}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_name: 'alice', works_count: 2, total_duration: 5400 });
    const unlisted = await t.app.inject({
      url: `/api/playlist/get-playlist-metadata?id=${ids['Unlisted sleep']}`,
    });
    expect(unlisted.json()).toMatchObject({ user_name: 'bobby', works_count: 1, total_duration: 1800 });
    const empty = (await list('filterBy=public&q=focus')).playlists[0];
    expect(empty?.total_duration).toBe(0);
  });

  it('refuses an unknown order and a too long text with 400 and a code', async () => {
    for (const q of ['order=best', `q=${'x'.repeat(101)}`]) {
      const res = await t.app.inject({ url: `/api/playlist/get-playlists?filterBy=public&${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toEqual(expect.any(String));
    }
  });
});
