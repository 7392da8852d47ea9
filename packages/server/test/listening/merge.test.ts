/**
 * The merge rule of listening state (docs/player.md, "Listening state"), on the service a web
 * app, a beacon and a Subsonic layer all go through, on both dialects: a report carries when its
 * position was reached and the later listening wins, whatever arrives later; client clocks far
 * ahead count as now; a cleared history and a paused recording stay so against late re-sends.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountPrincipal } from '../../src/access.ts';
import {
  clearHistory,
  continueListening,
  FUTURE_TOLERANCE_MS,
  getPositions,
  getQueue,
  historyPage,
  type PlayReport,
  recordPlays,
  saveListeningSettings,
  savePositions,
  saveQueue,
} from '../../src/services/listening.ts';
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
    id: 310001,
    title: 'Long evening',
    files: [audio(9101, '01 Track 1.mp3', 600), audio(9102, '02 Track 2.mp3', 660)],
  },
  { id: 310002, title: 'Quiet room', files: [audio(9111, '03 Track 3.mp3', 660)] },
];
const T1 = '310001/9101';
const T2 = '310001/9102';
const T3 = '310002/9111';
const BASE = 'http://127.0.0.1';

describe.each(DIALECTS)('listening merge rule (%s)', (dialect) => {
  let t: TestApp;
  let n = 0;
  const listener = async (): Promise<AccountPrincipal> => {
    const a = await account(t, `merge${dialect.slice(0, 2)}${++n}`);
    return viewerOf(t.db, a.id);
  };
  const position = async (who: AccountPrincipal, track: string) =>
    (await getPositions(t.db, who, { tracks: [track] }))[0] ?? null;
  const history = async (who: AccountPrincipal) =>
    (await historyPage(t.app.ctx, who, 1, 50, BASE)).works.flatMap((w) => w.tracks);
  const queueOf = (tracks: string[], position: number, device: string, at: number) => ({
    tracks,
    currentIndex: 0,
    position,
    device,
    deviceId: device.toLowerCase(),
    at,
  });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, WORKS);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a paused tab closed after another device moved on changes nothing (D1)', async () => {
    const me = await listener();
    const paused = Date.now() - 10 * 60_000;
    // Desktop: seeks to 3:20 and pauses; position and queue saved.
    await savePositions(t.db, me, [{ track: T1, position: 200, at: paused }], { device: 'Chrome · Linux' });
    await saveQueue(t.db, me, queueOf([T1, T2], 200, 'Desk', paused));
    // Phone: moves on to 8:00 five minutes later.
    const moved = paused + 5 * 60_000;
    await savePositions(t.db, me, [{ track: T1, position: 480, at: moved }], { device: 'Chrome · Android' });
    await saveQueue(t.db, me, queueOf([T1], 480, 'Phone', moved));
    // Desktop tab closes: its beacon carries the time its position was reached, not the closing time.
    const late = await savePositions(t.db, me, [{ track: T1, position: 202, at: paused + 2000 }], {
      device: 'Chrome · Linux',
    });
    expect(late).toEqual({ saved: 0, ignored: 1 });
    expect((await saveQueue(t.db, me, queueOf([T1, T2], 202, 'Desk', paused + 2000))).saved).toBe(false);
    // A third device resumes at 8:00 from the phone, with the phone's queue.
    expect(await position(me, T1)).toMatchObject({
      position: 480,
      device: 'Chrome · Android',
      updatedAt: moved,
    });
    expect(await getQueue(t.db, me)).toMatchObject({ position: 480, device: 'Phone', updatedAt: moved });
    const [cont] = await continueListening(t.app.ctx, me, 5, BASE);
    expect(cont).toMatchObject({ track: T1, position: 480, playedAt: moved });
  });

  it('a sign-in merge with an older anonymous position keeps the account’s later one', async () => {
    const me = await listener();
    const phone = Date.now() - 60_000;
    await savePositions(t.db, me, [{ track: T2, position: 122, at: phone }], { device: 'Phone' });
    // The anonymous tab stopped at 9:03 earlier than the phone's 2:02.
    const merged = await savePositions(t.db, me, [{ track: T2, position: 543, at: phone - 3_600_000 }], {
      device: 'Desk',
      history: false,
    });
    expect(merged).toEqual({ saved: 0, ignored: 1 });
    expect(await position(me, T2)).toMatchObject({ position: 122, updatedAt: phone });
    expect(await history(me)).toMatchObject([{ track: T2, position: 122, playedAt: phone }]);
    // A later anonymous position does win, and adds no play.
    await savePositions(t.db, me, [{ track: T2, position: 300, at: phone + 1 }], { history: false });
    expect(await position(me, T2)).toMatchObject({ position: 300 });
    expect(await history(me)).toMatchObject([{ track: T2, position: 122 }]);
  });

  it('keeps a client time up to a minute ahead; further ahead counts as now', async () => {
    const me = await listener();
    const soon = Date.now() + FUTURE_TOLERANCE_MS / 2;
    await savePositions(t.db, me, [{ track: T1, position: 10, at: soon }]);
    expect((await position(me, T1))?.updatedAt).toBe(soon);
    const before = Date.now();
    await savePositions(t.db, me, [{ track: T2, position: 10, at: before + 3_600_000 }]);
    const clamped = (await position(me, T2))?.updatedAt ?? 0;
    expect(clamped).toBeGreaterThanOrEqual(before);
    expect(clamped).toBeLessThanOrEqual(Date.now());
    await saveQueue(t.db, me, queueOf([T1], 1, 'Fast', before + 3_600_000));
    expect((await getQueue(t.db, me))?.updatedAt).toBeLessThanOrEqual(Date.now());
    // So the next real report, a second later, still wins.
    await savePositions(t.db, me, [{ track: T2, position: 11, at: Date.now() + 1000 }]);
    expect((await position(me, T2))?.position).toBe(11);
  });

  it('a play made while recording was paused never enters the history, whenever it is re-sent (D2)', async () => {
    const me = await listener();
    const before = Date.now() - 1000;
    await saveListeningSettings(t.db, me, { recordHistory: false });
    const during = Date.now();
    await savePositions(t.db, me, [{ track: T3, position: 150, at: during }]);
    expect(await history(me)).toEqual([]);
    expect((await position(me, T3))?.position).toBe(150);
    await new Promise((r) => setTimeout(r, 5));
    await saveListeningSettings(t.db, me, { recordHistory: true });
    // A reload or a hidden tab sends the paused track again, dated when it was reached.
    await savePositions(t.db, me, [{ track: T3, position: 152, at: during + 1 }]);
    expect(await recordPlays(t.db, me, [{ track: T3, position: 152, at: during + 2 }])).toEqual({
      saved: 0,
      ignored: 1,
    });
    expect(await history(me)).toEqual([]);
    // A play from before the pause, arriving late, and a new one are recorded.
    await recordPlays(t.db, me, [{ track: T1, position: 5, at: before - 1 }]);
    await savePositions(t.db, me, [{ track: T2, position: 6, at: Date.now() + 1 }]);
    expect((await history(me)).map((h) => h.track).sort()).toEqual([T1, T2]);
  });

  it('a cleared history stays cleared against older re-sends, on every device', async () => {
    const me = await listener();
    const played = Date.now() - 5000;
    await savePositions(t.db, me, [
      { track: T1, position: 100, at: played },
      { track: T3, position: 30, at: played },
    ]);
    await clearHistory(t.db, me, { workId: 310002 });
    // Another device still holds T3 and sends it again: it stays out; T1 is untouched.
    expect(await savePositions(t.db, me, [{ track: T3, position: 31, at: played + 1 }])).toEqual({
      saved: 0,
      ignored: 1,
    });
    expect(await position(me, T3)).toBeNull();
    expect((await history(me)).map((h) => h.track)).toEqual([T1]);

    await clearHistory(t.db, me, 'all');
    await savePositions(t.db, me, [
      { track: T1, position: 101, at: played + 2 },
      { track: T2, position: 9, at: played + 3 },
    ]);
    expect(await recordPlays(t.db, me, [{ track: T1, position: 101, at: played + 2 }])).toMatchObject({
      saved: 0,
    });
    expect(await history(me)).toEqual([]);
    expect(await position(me, T1)).toBeNull();
    // Listening after the clearing is new listening.
    await savePositions(t.db, me, [{ track: T1, position: 120, at: Date.now() + 1 }]);
    expect((await history(me)).map((h) => [h.track, h.position])).toEqual([[T1, 120]]);
    // A one-track clearing is a cut-off of that track only.
    const now = Date.now();
    await savePositions(t.db, me, [{ track: T2, position: 40, at: now + 2 }]);
    await clearHistory(t.db, me, { fileId: 9102 });
    await savePositions(t.db, me, [
      { track: T2, position: 41, at: now + 3 - 10_000 },
      { track: T1, position: 121, at: now + 4 },
    ]);
    expect(await position(me, T2)).toBeNull();
    expect((await position(me, T1))?.position).toBe(121);
  });

  it('reports in any order, from any device, in any batches: the latest listening wins', async () => {
    const me = await listener();
    const tracks = [T1, T2, T3];
    const report = fc.record({
      track: fc.constantFrom(...tracks),
      position: fc.integer({ min: 0, max: 600 }),
      // Distinct enough times; equal ones are settled by the order sent (checked elsewhere).
      offset: fc.integer({ min: 1, max: 40_000 }),
      device: fc.constantFrom('Desk', 'Phone', 'Tablet'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(report, { minLength: 1, maxLength: 8, selector: (r) => r.offset }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 8, maxLength: 8 }),
        async (reports, batchSizes) => {
          await clearHistory(t.db, me, 'all');
          await t.db.deleteFrom('play_queues').where('user_id', '=', me.id).execute();
          const base = Date.now() + 1;
          const toReport = (r: (typeof reports)[number]): PlayReport => ({
            track: r.track,
            position: r.position,
            at: base + r.offset,
          });
          // Each device sends its own reports in batches; the batches arrive in the given order.
          let i = 0;
          for (const size of batchSizes) {
            const batch = reports.slice(i, i + size);
            i += size;
            if (batch.length === 0) break;
            await savePositions(t.db, me, batch.map(toReport), { device: batch.at(-1)?.device });
            const last = batch.reduce((a, b) => (a.offset >= b.offset ? a : b));
            await saveQueue(t.db, me, queueOf([last.track], last.position, last.device, base + last.offset));
          }
          for (const r of reports.slice(i))
            await savePositions(t.db, me, [toReport(r)], { device: r.device });
          for (const track of tracks) {
            const mine = reports.filter((r) => r.track === track);
            const kept = await position(me, track);
            if (mine.length === 0) {
              expect(kept).toBeNull();
              continue;
            }
            const latest = mine.reduce((a, b) => (a.offset >= b.offset ? a : b));
            expect(kept).toMatchObject({ position: latest.position, updatedAt: base + latest.offset });
          }
          const played = await history(me);
          expect(played).toHaveLength(new Set(reports.map((r) => r.track)).size);
          for (const h of played) {
            const latest = reports
              .filter((r) => r.track === h.track)
              .reduce((a, b) => (a.offset >= b.offset ? a : b));
            expect(h).toMatchObject({ position: latest.position, playedAt: base + latest.offset });
          }
          // The queue: the latest of those sent with one.
          const queued = reports.slice(0, i);
          if (queued.length) {
            const latest = queued.reduce((a, b) => (a.offset >= b.offset ? a : b));
            expect(await getQueue(t.db, me)).toMatchObject({
              position: latest.position,
              updatedAt: base + latest.offset,
            });
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
