import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../auth/fixtures.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, bearer, login, startTestApp, type TestApp } from '../helpers/testApp.ts';

const WHISPER = [100001, 100002, 100003, 100007];
const ids = (res: { json(): { works: { id: number }[] } }) => res.json().works.map((w) => w.id);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.each(DIALECTS)('recommender (%s)', (dialect) => {
  let t: TestApp;
  const rec = (path: string, payload: object, headers = {}) =>
    t.app.inject({ method: 'POST', url: `/api/recommender/${path}`, payload, headers });
  const feedback = (subject: string, itemId: number, type: string) =>
    rec('feedback', { type, recommenderUuid: subject, itemId });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, CATALOGUE);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores feedback events and refuses unknown types and works', async () => {
    const ok = await feedback(uuid(1), 100004, 'start');
    expect(ok.json()).toEqual({ message: 'feedback recorded' });
    const rows = await t.db.selectFrom('recommender_events').selectAll().execute();
    expect(rows).toMatchObject([{ subject: uuid(1), work_id: 100004, type: 'start', user_id: null }]);
    for (const body of [
      { type: 'bogus', recommenderUuid: uuid(1), itemId: 100004 },
      { type: 'start', recommenderUuid: uuid(1), itemId: 999999 },
      { type: 'start', itemId: 100004 },
      { type: 'start', recommenderUuid: 'x'.repeat(200), itemId: 100004 },
      { recommenderUuid: uuid(1), itemId: 100004 },
    ]) {
      const res = await rec('feedback', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('ranks popular works by recent activity', async () => {
    for (let s = 10; s < 14; s++) {
      for (const type of ['start', 'play5m', 'progress30']) await feedback(uuid(s), 100005, type);
    }
    await feedback(uuid(20), 100006, 'start');
    const res = await rec('popular', { pageSize: 3 });
    expect(res.statusCode).toBe(200);
    // 100005: four listeners with three events each; then 100004 and 100006 with one start each.
    expect(ids(res)[0]).toBe(100005);
    expect(ids(res).slice(1, 3).sort()).toEqual([100004, 100006]);
    expect(res.json().pagination).toMatchObject({ currentPage: 1, pageSize: 3 });
    // keyword narrows with the search grammar
    const narrowed = await rec('popular', { keyword: '$tag:comedy$' });
    expect(ids(narrowed).every((id: number) => [100004, 100006, 100008].includes(id))).toBe(true);
    expect(ids(narrowed)[0]).toBe(100004);
  });

  it('recommends whisper works to a whisper listener, leaving out what they finished', async () => {
    const listener = uuid(99);
    for (const type of ['start', 'play15m', 'progress30', 'progress60', 'progress90'])
      await feedback(listener, 100001, type);
    for (const type of ['start', 'play5m']) await feedback(listener, 100002, type);
    const res = await rec('recommend-for-user', { recommenderUuid: listener, pageSize: 4 });
    expect(res.statusCode).toBe(200);
    const got = ids(res);
    expect(got).not.toContain(100001);
    expect(got.slice(0, 3).every((id: number) => WHISPER.includes(id))).toBe(true);
    expect(got).toEqual(expect.arrayContaining([100003, 100007]));
    // A comedy listener gets their unfinished work back, then other comedy works.
    const fan = uuid(98);
    for (const type of ['start', 'progress60']) await feedback(fan, 100004, type);
    const comedy = ids(await rec('recommend-for-user', { recommenderUuid: fan, pageSize: 3 }));
    expect(comedy[0]).toBe(100004);
    expect([100006, 100008]).toContain(comedy[1]);
  });

  it('uses a signed-in user’s reviews and playlists, and co-listening for neighbours', async () => {
    const u = await account(t, 'whisperfan');
    await t.app.inject({
      method: 'PUT',
      url: '/api/review',
      headers: u,
      payload: { work_id: 100003, rating: 5, progress: 'listened' },
    });
    const res = await rec('recommend-for-user', { pageSize: 3 }, u);
    const got = ids(res);
    expect(got).not.toContain(100003);
    expect(got.every((id: number) => WHISPER.includes(id))).toBe(true);

    const near = await rec('item-neighbors', { itemId: 'RJ100001' });
    expect(near.statusCode).toBe(200);
    const n = ids(near);
    expect(n).not.toContain(100001);
    expect(n.slice(0, 3).every((id: number) => WHISPER.includes(id))).toBe(true);
    // 100002 shares circle and voice actor with 100001: the closest.
    expect(n[0]).toBe(100002);
    const bad = await rec('item-neighbors', { itemId: 'nope' });
    expect(bad.statusCode).toBe(400);
    const unknown = await rec('item-neighbors', { itemId: 'RJ999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Work not found', code: 'WORK_NOT_FOUND' });
    const neg = await rec('popular', { page: -1 });
    expect(neg.statusCode).toBe(400);
    const huge = await rec('popular', { subtitle: 1, localSubtitledWorks: [1e300] });
    expect(huge.statusCode).toBe(400);
  });

  it('keeps guest listeners apart by their own recommenderUuid', async () => {
    const guest = bearer(await login(t.app, 'guest', 'guest'));
    const a = uuid(501);
    const b = uuid(502);
    await rec('feedback', { type: 'progress90', recommenderUuid: a, itemId: 100004 }, guest);
    const rows = await t.db.selectFrom('recommender_events').selectAll().where('subject', '=', a).execute();
    expect(rows).toMatchObject([{ user_id: null, work_id: 100004 }]);
    // b's list still holds 100004: a's finished work is not b's.
    const forB = ids(await rec('recommend-for-user', { recommenderUuid: b, pageSize: 100 }, guest));
    expect(forB).toContain(100004);
    const forA = ids(await rec('recommend-for-user', { recommenderUuid: a, pageSize: 100 }, guest));
    expect(forA).not.toContain(100004);
  });

  it('narrows recommendations for a listener by subtitle and local subtitles', async () => {
    const listener = uuid(600);
    await feedback(listener, 100001, 'progress30');
    const all = ids(await rec('recommend-for-user', { recommenderUuid: listener, pageSize: 100 }));
    expect(all.length).toBeGreaterThan(1);
    const [kept, ...others] = all.filter((id: number) => id !== 100001);
    // No catalogue work has subtitles of its own: only the listed local ones remain.
    const none = await rec('recommend-for-user', { recommenderUuid: listener, subtitle: 1 });
    expect(ids(none)).toEqual([]);
    const local = await rec('recommend-for-user', {
      recommenderUuid: listener,
      subtitle: 1,
      localSubtitledWorks: [kept, 999_999],
    });
    expect(local.statusCode).toBe(200);
    expect(ids(local)).toEqual([kept]);
    expect(local.json().pagination.totalCount).toBe(1);
    // Without 'subtitle' the local list narrows nothing.
    const unfiltered = await rec('recommend-for-user', {
      recommenderUuid: listener,
      pageSize: 100,
      localSubtitledWorks: [kept],
    });
    expect(ids(unfiltered)).toEqual(all);
    expect(others.length).toBeGreaterThan(0);
  });

  it('narrows lists by subtitle and local subtitles, and reports own playlist status', async () => {
    const only = await rec('popular', { subtitle: 1, localSubtitledWorks: [100005, 100006] });
    expect(ids(only).sort()).toEqual([100005, 100006]);
    const u = await account(t, 'statususer');
    const pl = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlist/create-playlist',
        headers: u,
        payload: { name: 'mine', works: [100005] },
      })
    ).json();
    const res = await rec('popular', { withPlaylistStatus: [pl.id], pageSize: 100 }, u);
    const w5 = res.json().works.find((w: { id: number }) => w.id === 100005);
    expect(w5.playlistStatus).toEqual({ [pl.id]: true });
  });
});
