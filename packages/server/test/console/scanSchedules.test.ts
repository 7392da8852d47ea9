/**
 * Scan schedules (issue 38), on both dialects with real files: each root's schedule set from the
 * console API and shown with its next run; the schedule's clock scans only the due root (the
 * other root's works neither removed nor moved); SASAYAKI_RESCAN_MINUTES overrides and is shown;
 * two instances' clocks scan a due root once; Subsonic getScanStatus/startScan for
 * administrators only.
 */

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanScheduler } from '../../src/services/scans/schedule.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { writeTree } from '../scanner/helpers.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const HOUR = 3_600_000;

describe.each(DIALECTS)('scan schedules (%s)', (dialect) => {
  let ta: TestApp;
  let admin: { authorization: string };
  let listener: { authorization: string };
  let rootA: string;
  let rootB: string;

  beforeEach(async () => {
    ta = await startTestApp(dialect, { watchLibrary: true, rescanIntervalMinutes: 10 }, {});
    rootA = ta.config.libraryRoots[0]!;
    rootB = path.join(ta.dir, 'second');
    fs.mkdirSync(rootB);
    const a = await createUser(ta.db, { name: 'bossy', password: 'boss-secret', group: 'administrator' });
    const u = await createUser(ta.db, { name: 'listener', password: 'listener-secret' });
    admin = { authorization: `Bearer ${await tokenFor(ta, a.id)}` };
    listener = { authorization: `Bearer ${await tokenFor(ta, u.id)}` };
    const added = await ta.app.inject({
      method: 'POST',
      url: '/api/admin/libraries',
      headers: admin,
      payload: { path: rootB },
    });
    expect(added.statusCode, added.body).toBe(200);
  });
  afterEach(() => ta.close());

  const roots = async () => (await ta.app.inject({ url: '/api/admin/libraries', headers: admin })).json();
  const setSchedule = (id: number, schedule: object, headers = admin) =>
    ta.app.inject({
      method: 'PUT',
      url: '/api/admin/libraries/schedule',
      headers,
      payload: { id, schedule },
    });
  const works = async () =>
    (await ta.db.selectFrom('works').select(['id', 'root_index']).orderBy('id').execute()).map(
      (w) => `${w.id}@${w.root_index}`,
    );

  it('sets each root’s schedule, shows the next run, and scans only the root that is due', async () => {
    const { scheduler } = ta.app;
    const start = scheduler.startedAt;
    let listed = await roots();
    expect(listed.scheduleOverride).toBeNull();
    expect(
      listed.roots.map((r: { schedule: object; nextScanAt: number }) => [r.schedule, r.nextScanAt]),
    ).toEqual([
      [{ mode: 'default', hours: null, dailyAt: null }, start + 10 * 60_000],
      [{ mode: 'default', hours: null, dailyAt: null }, start + 10 * 60_000],
    ]);
    expect((await setSchedule(0, { mode: 'off', hours: null, dailyAt: null })).statusCode).toBe(200);
    const b = await setSchedule(1000, { mode: 'hours', hours: 6, dailyAt: null });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().root).toMatchObject({
      id: 1000,
      schedule: { mode: 'hours', hours: 6 },
      nextScanAt: start + 6 * HOUR,
    });
    // Refusals: a listener, an unknown root, a bad time.
    expect((await setSchedule(1000, { mode: 'off', hours: null, dailyAt: null }, listener)).statusCode).toBe(
      403,
    );
    expect((await setSchedule(7, { mode: 'off', hours: null, dailyAt: null })).json().code).toBe(
      'LIBRARY_ROOT_NOT_FOUND',
    );
    expect((await setSchedule(0, { mode: 'daily', hours: null, dailyAt: '25:00' })).statusCode).toBe(400);
    const daily = await setSchedule(0, { mode: 'daily', hours: null, dailyAt: '03:30' });
    const next = new Date(daily.json().root.nextScanAt);
    expect([next.getHours(), next.getMinutes()]).toEqual([3, 30]);
    expect(next.getTime()).toBeGreaterThan(start);
    expect(next.getTime() - start).toBeLessThanOrEqual(24 * HOUR);
    await setSchedule(0, { mode: 'off', hours: null, dailyAt: null });

    // Works in both roots, known to the catalogue; then both change on disk.
    writeTree(rootA, { 'RJ01000001/01.wav': 1 });
    writeTree(rootB, { 'RJ01000002/01.wav': 1 });
    await ta.app.scans.run('quick', 'console');
    expect(await works()).toEqual(['1000001@0', '1000002@1000']);
    fs.rmSync(path.join(rootA, 'RJ01000001'), { recursive: true });
    writeTree(rootA, { 'RJ01000003/01.wav': 1 });
    writeTree(rootB, { 'RJ01000004/01.wav': 1, 'RJ01000001 copy/01.wav': 1 });

    // Not due yet: nothing. Six hours on: root B only — A's vanished work stays, its code in B is a duplicate.
    expect(await scheduler.tick(start + HOUR)).toEqual([]);
    expect(await scheduler.tick(start + 6 * HOUR + 1)).toEqual([1000]);
    expect(await works()).toEqual(['1000001@0', '1000002@1000', '1000004@1000']);
    const { recent } = (await ta.app.inject({ url: '/api/admin/scans', headers: admin })).json();
    expect(recent[0]).toMatchObject({ trigger: 'schedule', added: 1, removed: 0 });
    // Claimed: the same moment again scans nothing; the next run is six hours after this one.
    expect(await scheduler.tick(start + 6 * HOUR + 2)).toEqual([]);
    listed = await roots();
    expect(listed.roots[1].nextScanAt).toBe(start + 12 * HOUR + 1);
    expect(listed.roots[0].nextScanAt).toBeNull();
  });

  it('runs a due scan once across two clocks', async () => {
    await setSchedule(1000, { mode: 'hours', hours: 1, dailyAt: null });
    writeTree(rootB, { 'RJ01000002/01.wav': 1 });
    const ran: (number[] | null)[] = [];
    const clock = () =>
      new ScanScheduler(
        ta.app.ctx,
        () => true,
        async (ids) => {
          ran.push(ids);
        },
      );
    const [one, two] = [clock(), clock()];
    const at = Math.max(one.startedAt, two.startedAt) + HOUR + 1;
    const won = await Promise.all([one.tick(at), two.tick(at)]);
    expect(won.flat().sort()).toEqual([0, 1000]);
    // Each root scanned by exactly one clock (null: every root, in one scan).
    expect(ran.flatMap((r) => r ?? [0, 1000]).sort()).toEqual([0, 1000]);
  });

  it('shows SASAYAKI_RESCAN_MINUTES as an override of every schedule', async () => {
    await ta.close();
    ta = await startTestApp(dialect, {
      watchLibrary: true,
      rescanIntervalMinutes: 30,
      fromEnvironment: ['SASAYAKI_RESCAN_MINUTES'],
    });
    const a = await createUser(ta.db, { name: 'bossy', password: 'boss-secret', group: 'administrator' });
    admin = { authorization: `Bearer ${await tokenFor(ta, a.id)}` };
    await setSchedule(0, { mode: 'off', hours: null, dailyAt: null });
    const listed = await roots();
    expect(listed.scheduleOverride).toEqual({ env: 'SASAYAKI_RESCAN_MINUTES', minutes: 30 });
    expect(listed.roots[0].nextScanAt).toBe(ta.app.scheduler.startedAt + 30 * 60_000);
  });

  it('answers Subsonic getScanStatus and startScan for administrators only', async () => {
    writeTree(rootA, { 'RJ01000001/01.wav': 1 });
    const secrets: Record<string, string> = {};
    for (const [name, headers] of [
      ['bossy', admin],
      ['listener', listener],
    ] as const) {
      const made = await ta.app.inject({
        method: 'POST',
        url: '/api/auth/app-passwords',
        headers,
        payload: { name: 'Phone' },
      });
      secrets[name] = made.json().secret;
    }
    const rest = async (method: string, user: string) => {
      const s = Math.random().toString(36).slice(2);
      const qs = new URLSearchParams({
        u: user,
        t: md5(secrets[user]! + s),
        s,
        c: 't',
        v: '1.16.1',
        f: 'json',
      });
      return (await ta.app.inject({ url: `/rest/${method}?${qs}` })).json()['subsonic-response'];
    };
    for (const method of ['getScanStatus', 'startScan']) {
      expect(await rest(method, 'listener'), method).toMatchObject({ status: 'failed', error: { code: 50 } });
    }
    expect(await rest('getScanStatus', 'bossy')).toMatchObject({
      status: 'ok',
      scanStatus: { scanning: false, count: 0 },
    });
    const started = await rest('startScan', 'bossy');
    expect(started.status).toBe('ok');
    expect(typeof started.scanStatus.scanning).toBe('boolean');
    for (let i = 0; i < 200; i++) {
      const s = await rest('getScanStatus', 'bossy');
      if (!s.scanStatus.scanning && s.scanStatus.count === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await rest('getScanStatus', 'bossy')).scanStatus).toEqual({ scanning: false, count: 1 });
    const audit = await ta.db.selectFrom('audit_log').select('action').execute();
    expect(audit.map((a) => a.action)).toContain('library.rescan');
  });
});
