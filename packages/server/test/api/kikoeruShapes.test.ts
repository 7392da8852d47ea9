/**
 * The wire format of every endpoint the kikoeru front end and kikoeru-express downloaders call,
 * pinned as checked-in snapshots of each answer's shape (test/helpers/jsonShape.ts): a key
 * added, removed or renamed, or a value changing type, fails here. Both dialects compare with
 * the same files, so SQLite and PostgreSQL also answer alike. Runs on the scanned demo library.
 * After an intended change of shape: `npx vitest run kikoeruShapes -u` and review the diff.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoLibrary } from '../../src/demo/generate.ts';
import { scanLibrary } from '../../src/scanner/index.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { shapeOf, shapeText } from '../helpers/jsonShape.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';

const snapshot = (name: string) => path.join(import.meta.dirname, '__snapshots__', 'kikoeru', `${name}.json`);

/** A work of the demo library with circle, voice actors, tags and an LRC subtitle per track. */
const WORK = 123456;

const libDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-kikoeru-shapes-'));
let demoRoot = '';
beforeAll(async () => {
  demoRoot = (await generateDemoLibrary(libDir, { ffmpeg: false })).root;
}, 120_000);
afterAll(() => fs.rmSync(libDir, { recursive: true, force: true }));

it('reduces a value to its keys and types, arrays by their first element', () => {
  expect(shapeOf({ b: [{ x: 1 }, { y: 'z' }], a: null, c: [], d: { e: true, f: 'g' } })).toEqual({
    a: 'null',
    b: [{ x: 'number' }],
    c: [],
    d: { e: 'boolean', f: 'string' },
  });
  expect(Object.keys(shapeOf({ z: 1, a: 2 }) as object)).toEqual(['a', 'z']);
});

interface Call {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  body?: unknown;
  /** Send the registered user's token, or an administrator's. */
  auth?: boolean | 'admin';
  status?: number;
}

describe.each(DIALECTS)('kikoeru wire format on %s', (dialect) => {
  let ta: TestApp;
  let token = '';
  let adminToken = '';
  let work: { circle: { id: number }; tags: { id: number }[]; vas: { id: string }[] };
  let hashes: { withLrc: string; withoutLrc: string };

  const call = async ({ method = 'GET', url, body, auth, status = 200 }: Call) => {
    const res = await ta.app.inject({
      method,
      url,
      headers: {
        host: '127.0.0.1:9300',
        ...(auth ? { authorization: `Bearer ${auth === 'admin' ? adminToken : token}` } : {}),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(status);
    return res.json();
  };
  const pin = async (name: string, c: Call) =>
    expect(shapeText(await call(c))).toMatchFileSnapshot(snapshot(name));

  beforeAll(async () => {
    ta = await startTestApp(dialect, { libraryRoots: [demoRoot] });
    const summary = await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
    expect(summary.errors).toEqual([]);
    token = (
      await call({ method: 'POST', url: '/api/auth/reg', body: { name: 'kikoeru', password: 'listener' } })
    ).token;
    const admin = await createUser(ta.db, { name: 'boss01', password: 'secret1', group: 'administrator' });
    adminToken = await tokenFor(ta, admin.id);
    // The user's own fields (userRating, progress, review_text) hold values, not null.
    await call({
      method: 'PUT',
      url: '/api/review',
      auth: true,
      body: { work_id: WORK, rating: 4, review_text: 'good', progress: 'listening' },
    });
    work = await call({ url: `/api/work/${WORK}`, auth: true });
    type Node = { type: string; hash?: string; children?: Node[]; availableLyrics?: unknown[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.children ? flat(n.children) : [n]));
    const files = flat(await call({ url: `/api/tracks/${WORK}` }));
    const audio = files.find((n) => n.type === 'audio' && n.availableLyrics?.length);
    const image = files.find((n) => n.type !== 'audio');
    if (!audio?.hash || !image?.hash) throw new Error('the demo work lost its lyric or its non-audio file');
    hashes = { withLrc: audio.hash, withoutLrc: image.hash };
  }, 120_000);
  afterAll(() => ta.close());

  it('page load: auth/me (anonymous and signed in), login, config/shared, version', async () => {
    await pin('auth-me.anonymous', { url: '/api/auth/me' });
    await pin('auth-me', { url: '/api/auth/me', auth: true });
    await pin('auth-login', {
      method: 'POST',
      url: '/api/auth/me',
      body: { name: 'kikoeru', password: 'listener' },
    });
    await pin('auth-reg', { url: '/api/auth/reg' });
    await pin('config-shared', { url: '/api/config/shared' });
    await pin('version', { url: '/api/version' });
  });

  it('works lists: browse, search, and the works of a circle, tag and voice actor', async () => {
    const list = '?order=id&sort=asc&page=1';
    await pin('work-list', { url: `/api/works${list}`, auth: true });
    await pin('work-list', { url: `/api/search/${encodeURIComponent('RJ123456')}${list}`, auth: true });
    await pin('work-list', { url: `/api/circles/${work.circle.id}/works${list}`, auth: true });
    await pin('work-list', { url: `/api/tags/${work.tags[0]!.id}/works${list}`, auth: true });
    await pin('work-list', { url: `/api/vas/${work.vas[0]!.id}/works${list}`, auth: true });
    await pin('work-list.anonymous', { url: `/api/works${list}` });
  });

  it('work page: work, workInfo, track tree', async () => {
    await pin('work', { url: `/api/work/${WORK}`, auth: true });
    await pin('work-info', { url: `/api/workInfo/${WORK}` });
    await pin('tracks', { url: `/api/tracks/${WORK}` });
  });

  it('circles, tags and voice actors: lists and single items', async () => {
    for (const kind of ['circles', 'tags', 'vas'] as const) {
      await pin(`${kind}`, { url: `/api/${kind}/` });
    }
    await pin('circle', { url: `/api/circles/${work.circle.id}` });
    await pin('tag', { url: `/api/tags/${work.tags[0]!.id}` });
    await pin('va', { url: `/api/vas/${work.vas[0]!.id}` });
  });

  it('reviews: the own list, rating, progress and removal', async () => {
    await pin('review-list', { url: '/api/review?order=id&sort=asc', auth: true });
    await pin('message', {
      method: 'PUT',
      url: '/api/review?starOnly=false&progressOnly=true',
      auth: true,
      body: { user_name: 'kikoeru', work_id: WORK, progress: 'listened' },
    });
    await pin('message', {
      method: 'PUT',
      url: '/api/review',
      auth: true,
      body: { work_id: WORK, rating: 5 },
    });
    await pin('message', { method: 'DELETE', url: `/api/review?work_id=${WORK}`, auth: true });
  });

  it('lyrics: check-lrc with and without an LRC file', async () => {
    await pin('check-lrc', { url: `/api/media/check-lrc/${hashes.withLrc}` });
    await pin('check-lrc', { url: `/api/media/check-lrc/${hashes.withoutLrc}` });
  });

  it('user management of the admin pages', async () => {
    await pin('credentials-users', { url: '/api/credentials/users', auth: 'admin' });
    await pin('message', {
      method: 'POST',
      url: '/api/credentials/user',
      auth: 'admin',
      body: { name: 'made01', password: 'pass01', group: 'user' },
    });
    await pin('message', {
      method: 'PUT',
      url: '/api/credentials/user',
      auth: 'admin',
      body: { name: 'made01', newPassword: 'pass02' },
    });
    await pin('message', {
      method: 'DELETE',
      url: '/api/credentials/user',
      auth: 'admin',
      body: { users: [{ name: 'made01' }] },
    });
  });

  it('errors: {error} for unknown works and files', async () => {
    await pin('error', { url: '/api/work/999999', auth: true, status: 404 });
    await pin('error', { url: '/api/media/check-lrc/1/999999', status: 404 });
  });
});
