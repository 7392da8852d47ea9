/**
 * Maintenance that closes (issue 38), through HTTP on both dialects: at the notice level the
 * site answers as usual; at the closed level every /api and /rest call of anyone but an
 * administrator gets 503 with Retry-After and the operator's message — works, streams, covers,
 * Subsonic — while administrators keep everything, and health and sign-in stay open.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanLibrary } from '../../src/scanner/index.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { writeTree } from '../scanner/helpers.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe.each(DIALECTS)('maintenance, closed level (%s)', (dialect) => {
  let ta: TestApp;
  let admin: { authorization: string };
  let listener: { authorization: string };
  let listenerToken: string;
  let adminToken: string;
  const secrets: Record<string, string> = {};
  let stream: string;

  beforeEach(async () => {
    ta = await startTestApp(dialect);
    writeTree(ta.config.libraryRoots[0]!, { 'RJ01000001 Rain/01.wav': 1, 'RJ01000001 Rain/cover.jpg': 'x' });
    await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
    const a = await createUser(ta.db, { name: 'bossy', password: 'boss-secret', group: 'administrator' });
    const u = await createUser(ta.db, { name: 'listener', password: 'listener-secret' });
    adminToken = await tokenFor(ta, a.id);
    listenerToken = await tokenFor(ta, u.id);
    admin = { authorization: `Bearer ${adminToken}` };
    listener = { authorization: `Bearer ${listenerToken}` };
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
      expect(made.statusCode, made.body).toBe(200);
      secrets[name] = made.json().secret;
    }
    const file = await ta.db
      .selectFrom('files')
      .select('id')
      .where('path', '=', '01.wav')
      .executeTakeFirstOrThrow();
    stream = `/api/media/stream/1000001/${file.id}`;
  });
  afterEach(() => ta.close());

  const put = (url: string, payload: object) =>
    ta.app.inject({ method: 'PUT', url, headers: admin, payload });
  const rest = (method: string, user: string) => {
    const s = Math.random().toString(36).slice(2);
    const qs = new URLSearchParams({
      u: user,
      t: md5(secrets[user]! + s),
      s,
      c: 'test',
      v: '1.16.1',
      f: 'json',
    });
    return ta.app.inject({ url: `/rest/${method}?${qs}` });
  };

  async function close(html: string) {
    expect((await put('/api/admin/maintenance', { html })).statusCode).toBe(200);
    const set = await put('/api/admin/settings', { changes: { maintenanceClosed: true } });
    expect(set.statusCode, set.body).toBe(200);
  }

  it('answers as usual at the notice level; closed, refuses all but administrators with the message', async () => {
    expect((await put('/api/admin/maintenance', { html: '<p>Back soon</p>' })).statusCode).toBe(200);
    // The notice alone closes nothing.
    expect((await ta.app.inject({ url: '/api/works', headers: listener })).statusCode).toBe(200);
    expect((await rest('ping', 'listener')).statusCode).toBe(200);

    await close('<h1>Moving disks</h1><p>Back at 18:00 &amp; thanks</p>');
    const works = `/api/works?token=${listenerToken}`;
    for (const [url, headers] of [
      ['/api/works', listener],
      ['/api/works', {}],
      [stream, listener],
      [`${stream}?token=${listenerToken}`, {}],
      ['/api/cover/1000001?type=main', listener],
      ['/api/search/rain', listener],
      [works, {}],
    ] as const) {
      const res = await ta.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('300');
      expect(res.json(), url).toEqual({ error: 'Moving disks\nBack at 18:00 & thanks', code: 'MAINTENANCE' });
    }
    // Administrators keep the site and the console.
    for (const url of ['/api/works', stream, '/api/admin/settings', '/api/admin/scans']) {
      expect((await ta.app.inject({ url, headers: admin })).statusCode, url).toBe(200);
    }
    // Health says maintenance; signing in stays open (an administrator must reach the console).
    const health = await ta.app.inject({ url: '/api/health' });
    expect([health.statusCode, health.json().code]).toEqual([503, 'MAINTENANCE']);
    const login = await ta.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'bossy', password: 'boss-secret' },
    });
    expect(login.statusCode, login.body).toBe(200);

    // Subsonic: players get 503 and an error with the message; an administrator's player goes on.
    for (const method of ['ping', 'getAlbumList2', 'stream']) {
      const res = await rest(method, 'listener');
      expect(res.statusCode, method).toBe(503);
      expect(res.headers['retry-after']).toBe('300');
      expect(res.json()['subsonic-response']).toMatchObject({
        status: 'failed',
        error: { code: 0, message: 'Moving disks\nBack at 18:00 & thanks' },
      });
    }
    const adminPing = await rest('ping', 'bossy');
    expect([adminPing.statusCode, adminPing.json()['subsonic-response'].status]).toEqual([200, 'ok']);

    // Opened again: everyone is answered.
    expect((await put('/api/admin/maintenance', { html: null })).statusCode).toBe(200);
    expect((await ta.app.inject({ url: '/api/works', headers: listener })).statusCode).toBe(200);
    expect((await rest('ping', 'listener')).statusCode).toBe(200);
  });

  it('uses the catalogue’s words when the operator wrote no message', async () => {
    await close('');
    // An empty notice turns maintenance off: closed needs maintenance on.
    expect((await ta.app.inject({ url: '/api/works', headers: listener })).statusCode).toBe(200);
    await close('<img src="x.png">');
    const res = await ta.app.inject({ url: '/api/works', headers: listener });
    expect([res.statusCode, res.json().error]).toEqual([503, 'The site is under maintenance']);
  });
});
