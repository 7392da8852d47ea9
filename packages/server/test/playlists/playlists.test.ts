import { SYSTEM_PLAYLIST_NAMES } from '@sasayaki/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../auth/fixtures.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, login, startTestApp, type TestApp } from '../helpers/testApp.ts';

type Who = { authorization: string };

describe.each(DIALECTS)('playlists (%s)', (dialect) => {
  let t: TestApp;
  let alice: Who & { id: number };
  let bob: Who & { id: number };
  const post = (who: Who | undefined, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/playlist/${path}`, headers: who ?? {}, payload });
  const get = (who: Who | undefined, path: string) =>
    t.app.inject({ url: `/api/playlist/${path}`, headers: who ?? {} });
  const create = async (who: Who, payload: object) => {
    const res = await post(who, 'create-playlist', payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, CATALOGUE);
    alice = await account(t, 'alice');
    bob = await account(t, 'bobby');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a private playlist from the import box, duplicates and unknown works ignored', async () => {
    const pl = await create(alice, {
      name: '  Sleep  ',
      description: 'for the night',
      works: ['RJ100001', 100002, '100002', 'RJ999999'],
    });
    expect(pl).toMatchObject({
      user_name: 'alice',
      name: 'Sleep',
      privacy: 0,
      description: 'for the night',
      works_count: 2,
      latestWorkID: 100002,
      is_system: false,
    });
    expect(pl.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(pl.mainCoverUrl).toMatch(/^http:\/\/.+\/api\/cover\/100002\.jpg\?type=main$/);
    const works = (await get(alice, `get-playlist-works?id=${pl.id}`)).json();
    expect(works.works.map((w: { id: number }) => w.id)).toEqual([100002, 100001]);
    expect(works.pagination.totalCount).toBe(2);
  });

  it('lists each playlist with the covers of its four newest works for the mosaic', async () => {
    const pl = await create(alice, { name: 'Mosaic', works: [] });
    for (const id of [100001, 100002, 100003, 100004, 100005]) {
      expect((await post(alice, 'add-works-to-playlist', { id: pl.id, works: [id] })).statusCode).toBe(200);
    }
    const list = (await get(alice, 'get-playlists?filterBy=created&pageSize=100')).json();
    const mine = list.playlists.find((p: { id: string }) => p.id === pl.id);
    expect(mine.mosaicCoverUrls.map((u: string) => /cover\/(\d+)\.jpg/.exec(u)?.[1])).toEqual([
      '100005',
      '100004',
      '100003',
      '100002',
    ]);
    const marked = list.playlists.find((p: { name: string }) => p.name === SYSTEM_PLAYLIST_NAMES.marked);
    expect(marked.mosaicCoverUrls).toEqual([]);
    await post(alice, 'delete-playlist', { id: pl.id });
  });

  it('puts works with a cover first in the mosaic, so one cover among the works is the card’s', async () => {
    await t.db.updateTable('works').set({ cover_path: 'cover.jpg' }).where('id', '=', 100001).execute();
    try {
      const pl = await create(alice, { name: 'One cover', works: [] });
      for (const id of [100001, 100002])
        await post(alice, 'add-works-to-playlist', { id: pl.id, works: [id] });
      const list = (await get(alice, 'get-playlists?filterBy=created&pageSize=100')).json();
      const mine = list.playlists.find((p: { id: string }) => p.id === pl.id);
      expect(mine.mosaicCoverUrls.map((u: string) => /cover\/(\d+)\.jpg/.exec(u)?.[1])).toEqual([
        '100001',
        '100002',
      ]);
      await post(alice, 'delete-playlist', { id: pl.id });
    } finally {
      await t.db.updateTable('works').set({ cover_path: null }).where('id', '=', 100001).execute();
    }
  });

  it('keeps private playlists private: by id, works, withPlaylistStatus and exist status', async () => {
    const pl = await create(alice, { name: 'Secret', works: [100003] });
    for (const who of [bob, undefined]) {
      for (const path of [`get-playlist-metadata?id=${pl.id}`, `get-playlist-works?id=${pl.id}`]) {
        const res = await get(who, path);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'playlist not found', code: 'PLAYLIST_NOT_FOUND' });
      }
    }
    for (const path of ['add-works-to-playlist', 'remove-works-from-playlist']) {
      const res = await post(bob, path, { id: pl.id, works: [100003] });
      expect(res.json()).toEqual({ error: 'playlist not found', code: 'PLAYLIST_NOT_FOUND' });
    }
    expect((await post(bob, 'edit-playlist-metadata', { id: pl.id, name: 'Mine' })).statusCode).toBe(404);
    expect((await post(bob, 'delete-playlist', { id: pl.id })).statusCode).toBe(404);
    expect((await post(bob, 'like-playlist', { id: pl.id })).statusCode).toBe(404);
    const works = (
      await t.app.inject({ url: `/api/works?withPlaylistStatus=${pl.id}`, headers: bob })
    ).json();
    // Another user's playlist never reports membership (the work 100003 is in it).
    const leaked = works.works.filter(
      (w: { playlistStatus?: Record<string, boolean> }) => w.playlistStatus?.[pl.id],
    );
    expect(works.works.some((w: { id: number }) => w.id === 100003)).toBe(true);
    expect(leaked).toEqual([]);
    const own = (
      await t.app.inject({ url: `/api/works?withPlaylistStatus=${pl.id}&pageSize=100`, headers: alice })
    ).json();
    const w3 = own.works.find((w: { id: number }) => w.id === 100003);
    expect(w3.playlistStatus).toEqual({ [pl.id]: true });
    const exist = (await get(bob, 'get-work-exist-status-in-my-playlists?workID=100003&version=2')).json();
    expect(exist.playlists.map((p: { id: string }) => p.id)).not.toContain(pl.id);
    const mine = (await get(alice, 'get-playlist-metadata?id=' + pl.id)).json();
    expect(mine.name).toBe('Secret');
  });

  it('lets anyone with the id read an unlisted playlist, lists public ones, and handles likes', async () => {
    const pl = await create(alice, { name: 'Shared', privacy: 1, works: [100004] });
    const meta = await get(undefined, `get-playlist-metadata?id=${pl.id}`);
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({ name: 'Shared', user_name: 'alice', privacy: 1 });
    const own = await post(alice, 'like-playlist', { id: pl.id });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: 'cannot like own playlist', code: 'LIKE_OWN_PLAYLIST' });
    expect((await post(bob, 'like-playlist', { id: pl.id })).json()).toEqual({ message: 'playlist liked' });
    expect((await post(bob, 'like-playlist', { id: pl.id })).statusCode).toBe(200);
    const liked = (await get(bob, 'get-playlists?filterBy=liked')).json();
    expect(liked.playlists.map((p: { id: string }) => p.id)).toEqual([pl.id]);
    expect(liked.playlists[0]).toMatchObject({ liked: true, likes_count: 1 });
    expect((await get(bob, 'get-playlists?filterBy=public')).json().playlists).toEqual([]);
    await post(alice, 'edit-playlist-metadata', { id: pl.id, privacy: 2, description: 'now public' });
    const anonymousList = (await get(undefined, 'get-playlists?filterBy=public')).json();
    expect(anonymousList.playlists.map((p: { id: string }) => p.id)).toEqual([pl.id]);
    expect((await get(undefined, 'get-playlists?filterBy=created')).statusCode).toBe(401);
    const pub = (await get(bob, 'get-playlists?filterBy=public')).json();
    expect(pub.playlists.map((p: { id: string; description: string }) => [p.id, p.description])).toEqual([
      [pl.id, 'now public'],
    ]);
    const edit = await post(bob, 'edit-playlist-metadata', { id: pl.id, name: 'Stolen' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({
      error: 'only the owner can change this playlist',
      code: 'NOT_PLAYLIST_OWNER',
    });
    // Made private again: it leaves Bob's liked list though the like row remains.
    await post(alice, 'edit-playlist-metadata', { id: pl.id, privacy: 0 });
    expect((await get(bob, 'get-playlists?filterBy=liked')).json().playlists).toEqual([]);
    expect((await post(bob, 'remove-like-playlist', { id: pl.id })).json()).toEqual({
      message: 'like removed',
    });
  });

  it('lists a new user’s Liked and Marked playlists from the start', async () => {
    const fresh = await account(t, 'newcomer');
    const list = (await get(fresh, 'get-playlists?filterBy=created')).json();
    expect(
      list.playlists.map((p: { name: string; is_system: boolean }) => [p.name, p.is_system]).sort(),
    ).toEqual([
      [SYSTEM_PLAYLIST_NAMES.liked, true],
      [SYSTEM_PLAYLIST_NAMES.marked, true],
    ]);
    expect(list.pagination.totalCount).toBe(2);
    // Concurrent first calls still make one of each.
    const other = await account(t, 'racer');
    await Promise.all(Array.from({ length: 5 }, () => get(other, 'get-default-mark-target-playlist')));
    const created = (await get(other, 'get-playlists?filterBy=created')).json();
    expect(created.pagination.totalCount).toBe(2);
  });

  it('has the Liked and Marked system playlists that cannot be created, renamed or deleted', async () => {
    const target = await get(alice, 'get-default-mark-target-playlist');
    expect(target.statusCode).toBe(200);
    expect(target.json()).toMatchObject({ name: SYSTEM_PLAYLIST_NAMES.marked, is_system: true, privacy: 0 });
    const created = (await get(alice, 'get-playlists?filterBy=created&pageSize=100')).json();
    const names = created.playlists.map((p: { name: string }) => p.name);
    expect(names.slice(0, 2).sort()).toEqual(
      [SYSTEM_PLAYLIST_NAMES.liked, SYSTEM_PLAYLIST_NAMES.marked].sort(),
    );
    const reserved = await post(alice, 'create-playlist', { name: SYSTEM_PLAYLIST_NAMES.liked });
    expect(reserved.statusCode).toBe(403);
    expect(reserved.json()).toEqual({
      error: 'cannot create or delete system playlist',
      code: 'SYSTEM_PLAYLIST',
    });
    const del = await post(alice, 'delete-playlist', { id: target.json().id });
    expect(del.json()).toEqual({ error: 'cannot create or delete system playlist', code: 'SYSTEM_PLAYLIST' });
    const rename = await post(alice, 'edit-playlist-metadata', { id: target.json().id, name: 'Renamed' });
    expect(rename.json()).toEqual({ error: 'cannot rename system playlist', code: 'RENAME_SYSTEM_PLAYLIST' });
    const add = await post(alice, 'add-works-to-playlist', {
      id: target.json().id,
      works: [100005, 'RJ100006'],
    });
    expect(add.json()).toEqual({ message: 'works added', count: 2 });
    const again = await post(alice, 'add-works-to-playlist', { id: target.json().id, works: [100005] });
    expect(again.json().count).toBe(0);
  });

  it('answers the exist status of a work in my playlists, 12 a page', async () => {
    for (let i = 0; i < 12; i++) await create(bob, { name: `list ${i}`, works: i % 2 ? [100001] : [] });
    const p1 = (
      await get(bob, 'get-work-exist-status-in-my-playlists?workID=RJ100001&page=1&version=2')
    ).json();
    expect(p1.pagination).toMatchObject({ page: 1, pageSize: 12, totalCount: 14 });
    expect(p1.playlists).toHaveLength(12);
    expect(p1.playlists[0]).toMatchObject({
      name: SYSTEM_PLAYLIST_NAMES.marked,
      exist: false,
      works_count: 0,
    });
    expect(Object.keys(p1.playlists[2]).sort()).toEqual([
      'exist',
      'id',
      'is_system',
      'name',
      'privacy',
      'works_count',
    ]);
    expect(p1.playlists.filter((p: { exist: boolean }) => p.exist)).toHaveLength(5);
    const p2 = (await get(bob, 'get-work-exist-status-in-my-playlists?workID=100001&page=2')).json();
    expect(p2.playlists).toHaveLength(2);
    const unknown = await get(bob, 'get-work-exist-status-in-my-playlists?workID=RJ999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Work not found', code: 'WORK_NOT_FOUND' });
  });

  it('guests keep their system playlists but cannot create playlists', async () => {
    const guest = { authorization: `Bearer ${await login(t.app, 'guest', 'guest')}` };
    const res = await post(guest, 'create-playlist', { name: 'guest list' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'guest cannot create playlist', code: 'GUEST_PLAYLIST' });
    expect((await get(guest, 'get-default-mark-target-playlist')).statusCode).toBe(200);
  });

  it('refuses oversize playlists and garbage with 4xx, and races leave the list exact', async () => {
    const pl = await create(alice, { name: 'Race' });
    const huge = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const big = await post(alice, 'create-playlist', { name: 'Huge', works: huge });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: 'at most 2000 works per request',
      code: 'PLAYLIST_REQUEST_TOO_LARGE',
      params: { max: 2000 },
    });
    const cases: [string, object][] = [
      ['create-playlist', {}],
      ['create-playlist', { name: '   ' }],
      ['create-playlist', { name: 'x'.repeat(101) }],
      ['create-playlist', { name: 'ok name', description: 'd'.repeat(501) }],
      ['create-playlist', { name: 'ok name', privacy: 7 }],
      ['create-playlist', { name: 'ok name', works: [{}] }],
      ['add-works-to-playlist', { id: 'not-a-uuid', works: [100001] }],
      ['add-works-to-playlist', { id: pl.id, works: [-5] }],
      ['add-works-to-playlist', { id: pl.id, works: [999999] }],
      ['add-works-to-playlist', { id: pl.id }],
      ['delete-playlist', { id: '00000000-0000-4000-8000-000000000000' }],
    ];
    for (const [path, payload] of cases) {
      const res = await post(alice, path, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
    for (const q of [
      'get-playlists?page=-1',
      'get-playlists?filterBy=mine',
      'get-playlist-works?id=' + pl.id + '&pageSize=1000',
    ]) {
      const res = await get(alice, q);
      expect(res.statusCode, q).toBe(400);
    }
    const ids = CATALOGUE.map((w) => w.id);
    await Promise.all([
      ...ids.map((id) => post(alice, 'add-works-to-playlist', { id: pl.id, works: [id] })),
      ...ids.map((id) => post(alice, 'add-works-to-playlist', { id: pl.id, works: [id, ids[0]] })),
    ]);
    await Promise.all(
      ids.slice(0, 3).map((id) => post(alice, 'remove-works-from-playlist', { id: pl.id, works: [id] })),
    );
    const meta = (await get(alice, `get-playlist-metadata?id=${pl.id}`)).json();
    expect(meta.works_count).toBe(ids.length - 3);
    const del = await post(alice, 'delete-playlist', { id: pl.id });
    expect(del.json()).toEqual({ message: 'playlist deleted' });
    expect((await get(alice, `get-playlist-metadata?id=${pl.id}`)).statusCode).toBe(404);
  });
});
