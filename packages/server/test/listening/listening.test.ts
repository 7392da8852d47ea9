/**
 * Listening state through HTTP on both dialects: positions (later client time wins, batches,
 * the beacon), the play queue, history (paging, clearing, pausing, "continue listening"),
 * bookmarks, and who may use them. The service functions a Subsonic layer calls are exercised
 * directly too.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQueue, recordPlay, saveQueue } from '../../src/services/listening.ts';
import { DIALECTS } from '../helpers/db.ts';
import { type SeedWork, seedWorks } from '../helpers/seed.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';

const audio = (id: number, path: string, duration: number) => ({
  id,
  path,
  type: 'audio' as const,
  size: 1000,
  duration,
});

const WORKS: SeedWork[] = [
  {
    id: 300001,
    title: 'Night drive',
    files: [
      audio(9001, '01 opening.mp3', 600),
      audio(9002, '02 main.mp3', 1800),
      { id: 9003, path: 'notes.txt', type: 'text', size: 10 },
    ],
  },
  { id: 300002, title: 'Rain window', files: [audio(9011, 'track.flac', 1200)] },
  { id: 300003, title: 'Library hush', files: [audio(9021, 'a.mp3', 300), audio(9022, 'b.mp3', 300)] },
];

const T1 = '300001/9001';
const T2 = '300001/9002';
const RAIN = '300002/9011';
const HUSH_A = '300003/9021';
const HUSH_B = '300003/9022';

describe.each(DIALECTS)('listening state (%s)', (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof account>>;
  let bob: Awaited<ReturnType<typeof account>>;
  let guest: Awaited<ReturnType<typeof account>>;
  const now = () => Date.now();
  type Who = { authorization: string };
  const req = (who: Who | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { authorization: who.authorization } : {}, payload });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, WORKS);
    alice = await account(t, 'alice');
    bob = await account(t, 'bobby');
    guest = await account(t, 'guest2', { group: 'guest' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps one position per track and account; the later client time wins', async () => {
    const at = now() - 60_000;
    let res = await req(alice, 'PUT', '/api/listening/positions', {
      positions: [{ track: T1, position: 66.5, at }],
      device: 'Desk',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ saved: 1, ignored: 0 });
    // An older report (a device that was offline) does not replace it.
    res = await req(alice, 'PUT', '/api/listening/positions', {
      positions: [{ track: T1, position: 10, at: at - 1000 }],
      device: 'Phone',
    });
    expect(res.json()).toEqual({ saved: 0, ignored: 1 });
    const read = await req(alice, 'GET', '/api/listening/positions?work_id=RJ300001');
    expect(read.json()).toEqual({
      positions: [
        { track: T1, workId: 300001, position: 66.5, duration: 600, device: 'Desk', updatedAt: at },
      ],
    });
    // Bob sees none of it.
    expect((await req(bob, 'GET', `/api/listening/positions?tracks=${T1}`)).json()).toEqual({
      positions: [],
    });
    // A later one from another device wins.
    await req(alice, 'PUT', '/api/listening/positions', {
      positions: [{ track: T1, position: 120, at: at + 1000 }],
      device: 'Phone',
    });
    const byTracks = (await req(alice, 'GET', `/api/listening/positions?tracks=${T1},${T2}`)).json();
    expect(byTracks.positions).toMatchObject([{ track: T1, position: 120, device: 'Phone' }]);
  });

  it('a batch keeps the latest report per track and ignores unknown or mismatched tracks', async () => {
    const at = now() - 30_000;
    const res = await req(bob, 'PUT', '/api/listening/positions', {
      positions: [
        { track: RAIN, position: 30, at },
        { track: RAIN, position: 90, at: at + 10 },
        { track: RAIN, position: 60, at: at + 5 },
        { track: '300002/9001', position: 5, at }, // file of another work
        { track: '300001/9003', position: 5, at }, // not audio
        { track: '999999/1', position: 5, at },
      ],
    });
    expect(res.json()).toEqual({ saved: 1, ignored: 5 });
    const kept = (await req(bob, 'GET', `/api/listening/positions?tracks=${RAIN}`)).json().positions;
    expect(kept).toMatchObject([{ position: 90, updatedAt: at + 10 }]);
  });

  it('counts a time ahead of the server’s clock as now', async () => {
    const ahead = now() + 86_400_000;
    await req(bob, 'PUT', '/api/listening/positions', {
      positions: [{ track: HUSH_A, position: 40, at: ahead }],
    });
    const [p] = (await req(bob, 'GET', `/api/listening/positions?tracks=${HUSH_A}`)).json().positions;
    expect(p.updatedAt).toBeLessThanOrEqual(now());
    // So a report made right after still wins.
    await req(bob, 'PUT', '/api/listening/positions', {
      positions: [{ track: HUSH_A, position: 41, at: now() + 5 }],
    });
    expect(
      (await req(bob, 'GET', `/api/listening/positions?tracks=${HUSH_A}`)).json().positions[0].position,
    ).toBe(41);
  });

  it('whatever the order reports arrive in, the latest time is what stays', async () => {
    const user = await account(t, `prop${dialect}`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            // After the clearing that starts each run (a clearing is a cut-off), within the minute
            // a client's clock may be ahead.
            at: fc.integer({ min: 1, max: 50_000 }),
            position: fc.integer({ min: 0, max: 500 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.integer({ min: 1, max: 3 }),
        async (reports, chunks) => {
          await req(user, 'DELETE', '/api/listening/history?all=true');
          const base = Date.now();
          // Sent in `chunks` requests, as devices coming back online would.
          const size = Math.ceil(reports.length / chunks);
          for (let i = 0; i < reports.length; i += size) {
            const positions = reports.slice(i, i + size).map((r) => ({ track: T2, ...r, at: base + r.at }));
            await req(user, 'PUT', '/api/listening/positions', { positions });
          }
          const latest = Math.max(...reports.map((r) => r.at));
          const kept = (await req(user, 'GET', `/api/listening/positions?tracks=${T2}`)).json().positions[0];
          expect(kept.updatedAt).toBe(base + latest);
          // Among reports with the latest time, the last sent wins.
          const last = reports.filter((r) => r.at === latest).at(-1)!;
          expect(kept.position).toBe(last.position);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('saves the queue per account; an older one does not override, unknown tracks drop out', async () => {
    const at = now() - 10_000;
    let res = await req(alice, 'PUT', '/api/listening/queue', {
      tracks: [T1, '999999/5', T2, HUSH_A],
      currentIndex: 2,
      position: 75,
      device: 'Desk Chrome',
      deviceId: 'dev-a',
      at,
    });
    expect(res.statusCode).toBe(200);
    const queue = {
      tracks: [
        { track: T1, workId: 300001, title: '01 opening.mp3', workTitle: 'Night drive', duration: 600 },
        { track: T2, workId: 300001, title: '02 main.mp3', workTitle: 'Night drive', duration: 1800 },
        { track: HUSH_A, workId: 300003, title: 'a.mp3', workTitle: 'Library hush', duration: 300 },
      ],
      currentIndex: 1,
      position: 75,
      device: 'Desk Chrome',
      deviceId: 'dev-a',
      updatedAt: at,
    };
    expect(res.json()).toEqual({ saved: true, queue });
    res = await req(alice, 'PUT', '/api/listening/queue', {
      tracks: [RAIN],
      currentIndex: 0,
      position: 3,
      device: 'Phone',
      deviceId: 'dev-b',
      at: at - 1,
    });
    expect(res.json()).toEqual({ saved: false, queue });
    expect((await req(alice, 'GET', '/api/listening/queue')).json()).toEqual({ queue });
    expect((await req(bob, 'GET', '/api/listening/queue')).json()).toEqual({ queue: null });
    // An empty queue clears it.
    res = await req(alice, 'PUT', '/api/listening/queue', {
      tracks: [],
      currentIndex: 0,
      position: 0,
      device: 'Phone',
      deviceId: 'dev-b',
      at: at + 1,
    });
    expect(res.json()).toEqual({ saved: true, queue: null });
  });

  it('serves a Subsonic layer through the service: saveQueue, getQueue, recordPlay', async () => {
    const at = now();
    const viewer = await viewerOf(t.db, bob.id);
    const saved = await saveQueue(t.db, viewer, {
      tracks: [RAIN, HUSH_B],
      currentIndex: 1,
      position: 12.5,
      device: 'Subsonic: Feishin',
      deviceId: 'subsonic:feishin',
      at,
    });
    expect(saved.saved).toBe(true);
    expect(await getQueue(t.db, viewer)).toMatchObject({
      currentIndex: 1,
      position: 12.5,
      device: 'Subsonic: Feishin',
    });
    expect(await recordPlay(t.db, viewer, { track: HUSH_B, position: 0, at })).toBe(true);
    expect(await recordPlay(t.db, viewer, { track: '300003/9001', position: 0, at })).toBe(false);
    const history = (await req(bob, 'GET', '/api/listening/history')).json();
    expect(history.works[0].tracks[0]).toMatchObject({ track: HUSH_B, position: 0, duration: 300 });
  });

  it('lists history by work with paging; clears one track, one work or all', async () => {
    const carol = await account(t, `carol${dialect}`);
    const base = now() - 100_000;
    await req(carol, 'PUT', '/api/listening/positions', {
      positions: [
        { track: T1, position: 600, at: base },
        { track: RAIN, position: 100, at: base + 10 },
        { track: T2, position: 300, at: base + 20 },
        { track: HUSH_A, position: 50, at: base + 30 },
      ],
    });
    let res = await req(carol, 'GET', '/api/listening/history?page=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    let body = res.json();
    expect(body.pagination).toEqual({ currentPage: 1, pageSize: 2, totalCount: 3 });
    expect(body.works.map((w: { work: { id: number } }) => w.work.id)).toEqual([300003, 300001]);
    expect(body.works[1]).toMatchObject({
      playedAt: base + 20,
      tracks: [
        { track: T2, title: '02 main.mp3', position: 300, duration: 1800, playedAt: base + 20 },
        { track: T1, title: '01 opening.mp3', position: 600, duration: 600, playedAt: base },
      ],
    });
    expect(body.works[0].work).toMatchObject({ id: 300003, title: 'Library hush', source_id: 'RJ300003' });
    body = (await req(carol, 'GET', '/api/listening/history?page=2&pageSize=2')).json();
    expect(body.works.map((w: { work: { id: number } }) => w.work.id)).toEqual([300002]);

    // Continue listening: the latest unfinished track per work (T1 was finished, T2 was not).
    const cont = (await req(carol, 'GET', '/api/listening/continue')).json();
    expect(cont.items.map((i: { track: string }) => i.track)).toEqual([HUSH_A, T2, RAIN]);
    expect(cont.items[1]).toMatchObject({ title: '02 main.mp3', position: 300, work: { id: 300001 } });
    expect((await req(carol, 'GET', '/api/listening/continue?limit=1')).json().items).toHaveLength(1);

    // Clearing a track also forgets its position.
    res = await req(carol, 'DELETE', `/api/listening/history?track=${T2}`);
    expect(res.json()).toEqual({ removed: 1 });
    expect((await req(carol, 'GET', `/api/listening/positions?tracks=${T2}`)).json().positions).toEqual([]);
    res = await req(carol, 'DELETE', '/api/listening/history?work_id=RJ300003');
    expect(res.json()).toEqual({ removed: 1 });
    body = (await req(carol, 'GET', '/api/listening/history')).json();
    expect(
      body.works.map((w: { work: { id: number }; tracks: unknown[] }) => [w.work.id, w.tracks.length]),
    ).toEqual([
      [300002, 1],
      [300001, 1],
    ]);
    expect((await req(carol, 'DELETE', '/api/listening/history')).statusCode).toBe(400);
    expect((await req(carol, 'DELETE', `/api/listening/history?all=true&track=${T1}`)).statusCode).toBe(400);
    expect((await req(carol, 'DELETE', '/api/listening/history?all=true')).json()).toEqual({ removed: 2 });
    expect((await req(carol, 'GET', '/api/listening/history')).json().pagination.totalCount).toBe(0);
    expect((await req(carol, 'GET', '/api/listening/continue')).json()).toEqual({ items: [] });
  });

  it('pausing history keeps positions but records no plays', async () => {
    const dave = await account(t, `dave${dialect}`);
    expect((await req(dave, 'GET', '/api/listening/settings')).json()).toEqual({ recordHistory: true });
    const res = await req(dave, 'PUT', '/api/listening/settings', { recordHistory: false });
    expect(res.json()).toEqual({ recordHistory: false });
    await req(dave, 'PUT', '/api/listening/positions', {
      positions: [{ track: RAIN, position: 50, at: now() }],
    });
    expect((await req(dave, 'GET', `/api/listening/positions?tracks=${RAIN}`)).json().positions).toHaveLength(
      1,
    );
    expect(
      (
        await req(dave, 'POST', '/api/listening/history', {
          entries: [{ track: T1, position: 3, at: now() }],
        })
      ).json(),
    ).toEqual({
      saved: 0,
      ignored: 1,
    });
    expect((await req(dave, 'GET', '/api/listening/history')).json().works).toEqual([]);
    await req(dave, 'PUT', '/api/listening/settings', { recordHistory: true });
    // A play dated in the very millisecond the pause ended is inside the pause: date this one after.
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (
        await req(dave, 'POST', '/api/listening/history', {
          entries: [{ track: T1, position: 3, at: now() }],
        })
      ).json(),
    ).toEqual({
      saved: 1,
      ignored: 0,
    });
    // Positions merged at sign-in (history: false) add no plays.
    await req(dave, 'PUT', '/api/listening/positions', {
      positions: [{ track: HUSH_A, position: 20, at: now() }],
      history: false,
    });
    const works = (await req(dave, 'GET', '/api/listening/history')).json().works;
    expect(works.map((w: { work: { id: number } }) => w.work.id)).toEqual([300001]);
  });

  it('takes a beacon: JSON as text/plain with the token in the body', async () => {
    const erin = await account(t, `erin${dialect}`);
    const at = now();
    const beacon = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/listening/beacon',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload,
      });
    let res = await beacon(
      JSON.stringify({
        token: erin.token,
        device: 'Laptop',
        positions: [{ track: T2, position: 61, at }],
        queue: { tracks: [T1, T2], currentIndex: 1, position: 61, device: 'Laptop', deviceId: 'lap', at },
      }),
    );
    expect(res.statusCode).toBe(204);
    expect((await req(erin, 'GET', `/api/listening/positions?tracks=${T2}`)).json().positions).toMatchObject([
      { position: 61, device: 'Laptop' },
    ]);
    expect((await req(erin, 'GET', '/api/listening/queue')).json().queue).toMatchObject({
      currentIndex: 1,
      position: 61,
    });
    // No token, a forged one, a guest's, or a body that is not JSON: refused, nothing saved.
    res = await beacon(JSON.stringify({ positions: [{ track: T1, position: 9, at }] }));
    expect(res.statusCode).toBe(400);
    res = await beacon(JSON.stringify({ token: 'abc.def.ghi', positions: [{ track: T1, position: 9, at }] }));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('JWT_EXPIRED');
    res = await beacon(JSON.stringify({ token: guest.token, positions: [{ track: T1, position: 9, at }] }));
    expect(res.statusCode).toBe(403);
    res = await beacon('{"token": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BEACON_INVALID');
    expect((await req(erin, 'GET', `/api/listening/positions?tracks=${T1}`)).json().positions).toEqual([]);
  });

  it('adds, lists, edits and removes bookmarks, only the owner’s', async () => {
    let res = await req(alice, 'POST', '/api/bookmarks', {
      track: T2,
      position: 95.5,
      note: '  the rain starts\n',
    });
    expect(res.statusCode).toBe(200);
    const first = res.json().bookmark;
    expect(first).toMatchObject({
      track: T2,
      workId: 300001,
      title: '02 main.mp3',
      position: 95.5,
      note: 'the rain starts',
    });
    await req(alice, 'POST', '/api/bookmarks', { track: T2, position: 12 });
    await req(alice, 'POST', '/api/bookmarks', { track: T1, position: 3 });
    // A time past the end is the end.
    const late = (await req(alice, 'POST', '/api/bookmarks', { track: HUSH_A, position: 999 })).json()
      .bookmark;
    expect(late.position).toBe(300);

    const ofWork = (await req(alice, 'GET', '/api/bookmarks?work_id=300001')).json().bookmarks;
    expect(ofWork.map((b: { track: string; position: number }) => [b.track, b.position])).toEqual([
      [T1, 3],
      [T2, 12],
      [T2, 95.5],
    ]);
    const ofTrack = (await req(alice, 'GET', `/api/bookmarks?track=${T2}`)).json().bookmarks;
    expect(ofTrack).toHaveLength(2);
    expect((await req(bob, 'GET', '/api/bookmarks?work_id=300001')).json().bookmarks).toEqual([]);

    res = await req(alice, 'PUT', `/api/bookmarks/${first.id}`, { note: 'thunder' });
    expect(res.json().bookmark).toMatchObject({ id: first.id, note: 'thunder', position: 95.5 });
    expect((await req(bob, 'PUT', `/api/bookmarks/${first.id}`, { note: 'mine now' })).statusCode).toBe(404);
    expect((await req(bob, 'DELETE', `/api/bookmarks/${first.id}`)).statusCode).toBe(404);
    expect((await req(alice, 'DELETE', `/api/bookmarks/${first.id}`)).json()).toEqual({ removed: 1 });
    expect((await req(alice, 'DELETE', `/api/bookmarks/${first.id}`)).json().code).toBe('BOOKMARK_NOT_FOUND');

    res = await req(alice, 'POST', '/api/bookmarks', { track: '300002/9001', position: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TRACK_NOT_FOUND');
    res = await req(alice, 'POST', '/api/bookmarks', { track: T1, position: 1, note: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect((await req(alice, 'GET', '/api/bookmarks')).statusCode).toBe(400);
  });

  it('refuses anonymous callers and the shared guest account, and bad input', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/listening/queue'],
      ['GET', '/api/listening/history'],
      ['GET', '/api/listening/continue'],
      ['GET', '/api/listening/settings'],
      ['PUT', '/api/listening/positions', { positions: [{ track: T1, position: 1, at: 1 }] }],
      ['POST', '/api/bookmarks', { track: T1, position: 1 }],
    ] as const) {
      const anon = await req(null, method, url, payload);
      expect(anon.statusCode).toBe(401);
      expect(anon.json().code).toBe('NO_TOKEN');
      const g = await req(guest, method, url, payload);
      expect(g.statusCode).toBe(403);
      expect(g.json().code).toBe('GUEST_LISTENING');
    }
    for (const payload of [
      { positions: [] },
      { positions: [{ track: 'RJ300001/9001', position: 1, at: 1 }] },
      { positions: [{ track: T1, position: -1, at: 1 }] },
      { positions: [{ track: T1, position: 1e9, at: 1 }] },
      { positions: [{ track: T1, position: 1 }] },
      { positions: Array.from({ length: 501 }, () => ({ track: T1, position: 1, at: 1 })) },
    ]) {
      expect((await req(alice, 'PUT', '/api/listening/positions', payload)).statusCode).toBe(400);
    }
    expect((await req(alice, 'GET', '/api/listening/positions')).statusCode).toBe(400);
    const bad = await req(alice, 'GET', '/api/listening/positions?tracks=1/2,x');
    expect(bad.json().code).toBe('TRACKS_QUERY_INVALID');
    expect(
      (
        await req(alice, 'PUT', '/api/listening/queue', {
          tracks: Array.from({ length: 1001 }, () => T1),
          currentIndex: 0,
          position: 0,
          device: 'x',
          deviceId: 'y',
          at: 1,
        })
      ).statusCode,
    ).toBe(400);
  });
});
