/**
 * The console's libraries through HTTP on both dialects: roots from the environment (read-only)
 * and from the console (add, rename, remove, with the checks on the folder), the folder browser,
 * scans (one at a time), their progress stream (Server-Sent Events, over a real socket) and
 * their stored, searchable reports.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ScanRun } from '@sasayaki/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { writeTree } from '../scanner/helpers.ts';

describe.each(DIALECTS)('console libraries (%s)', (dialect) => {
  let ta: TestApp;
  let admin: { authorization: string };
  let listener: { authorization: string };
  let envRoot: string;
  let outside: string;

  beforeEach(async () => {
    ta = await startTestApp(dialect);
    envRoot = ta.config.libraryRoots[0]!;
    outside = path.join(ta.dir, 'elsewhere');
    const a = await createUser(ta.db, { name: 'bossy', password: 'boss-secret', group: 'administrator' });
    const u = await createUser(ta.db, { name: 'listener', password: 'listener-secret' });
    admin = { authorization: `Bearer ${await tokenFor(ta, a.id)}` };
    listener = { authorization: `Bearer ${await tokenFor(ta, u.id)}` };
  });
  afterEach(() => ta.close());

  const get = (url: string, headers = admin) => ta.app.inject({ url, headers });
  const post = (url: string, payload: object, headers = admin) =>
    ta.app.inject({ method: 'POST', url, headers, payload });
  const roots = async () => (await get('/api/admin/libraries')).json().roots;

  async function scanToEnd(full = false): Promise<ScanRun> {
    const started = await post('/api/admin/scans', { full });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().scan.id as number;
    for (let i = 0; i < 400; i++) {
      const { running, recent } = (await get('/api/admin/scans')).json();
      const done = (recent as ScanRun[]).find((r) => r.id === id);
      if (!running && done) return done;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('scan did not finish');
  }

  it('is for administrators only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/libraries'],
      ['GET', '/api/admin/folders'],
      ['GET', '/api/admin/scans'],
      ['GET', '/api/admin/scans/events'],
      ['GET', '/api/admin/scans/1/report'],
    ] as const) {
      expect((await ta.app.inject({ method, url })).statusCode, url).toBe(401);
      const refused = await ta.app.inject({ method, url, headers: listener });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('ADMIN_ONLY');
    }
    const add = await post('/api/admin/libraries', { path: outside }, listener);
    expect(add.statusCode).toBe(403);
    expect((await post('/api/admin/scans', {}, listener)).statusCode).toBe(403);
  });

  it('lists the environment root read-only and adds, renames and removes console roots', async () => {
    expect(await roots()).toEqual([
      {
        id: 0,
        path: envRoot,
        name: 'library',
        source: 'environment',
        works: 0,
        available: true,
        // The test server scans only when asked (no background scans): no next run.
        schedule: { mode: 'default', hours: null, dailyAt: null },
        nextScanAt: null,
      },
    ]);
    fs.mkdirSync(outside);
    const added = await post('/api/admin/libraries', { path: outside, name: '  My ASMR  ' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().root).toEqual({
      id: 1000,
      path: fs.realpathSync(outside),
      name: 'My ASMR',
      source: 'console',
      works: 0,
      available: true,
    });
    const second = path.join(ta.dir, 'second');
    fs.mkdirSync(second);
    expect((await post('/api/admin/libraries', { path: second })).json().root).toMatchObject({
      id: 1001,
      name: 'second',
    });

    const renamed = await post('/api/admin/libraries/rename', { id: 1000, name: 'Drama CDs' });
    expect(renamed.json().root).toMatchObject({ id: 1000, name: 'Drama CDs' });
    const envRename = await post('/api/admin/libraries/rename', { id: 0, name: 'x' });
    expect(envRename.statusCode).toBe(403);
    expect(envRename.json().code).toBe('LIBRARY_ROOT_READ_ONLY');
    expect((await post('/api/admin/libraries/remove', { id: 0 })).json().code).toBe('LIBRARY_ROOT_READ_ONLY');
    expect((await post('/api/admin/libraries/remove', { id: 4242 })).json().code).toBe(
      'LIBRARY_ROOT_NOT_FOUND',
    );
    expect((await post('/api/admin/libraries/rename', { id: 1000, name: '   ' })).statusCode).toBe(400);

    expect((await post('/api/admin/libraries/remove', { id: 1000 })).statusCode).toBe(200);
    expect((await roots()).map((r: { id: number }) => r.id)).toEqual([0, 1001]);
  });

  it('checks a new root: absolute, existing, a folder, readable, clear of the data folder and other roots', async () => {
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'file.txt'), 'x');
    fs.mkdirSync(path.join(envRoot, 'inner'));
    const cases: [string, number, string][] = [
      ['relative/path', 400, 'FOLDER_NOT_ABSOLUTE'],
      [path.join(ta.dir, 'missing'), 404, 'FOLDER_NOT_FOUND'],
      [path.join(outside, 'file.txt'), 404, 'FOLDER_NOT_FOUND'],
      [ta.config.dataDir, 400, 'FOLDER_IN_DATA'],
      [path.join(ta.config.dataDir, '..'), 400, 'FOLDER_IN_DATA'],
      [path.join(envRoot, 'inner'), 409, 'FOLDER_OVERLAPS_ROOT'],
      [envRoot, 409, 'FOLDER_OVERLAPS_ROOT'],
    ];
    fs.mkdirSync(path.join(ta.config.dataDir, 'covers'), { recursive: true });
    cases.push([path.join(ta.config.dataDir, 'covers'), 400, 'FOLDER_IN_DATA']);
    for (const [p, status, code] of cases) {
      const res = await post('/api/admin/libraries', { path: p });
      expect([res.statusCode, res.json().code], p).toEqual([status, code]);
    }
    // A symlink into the data folder is the data folder.
    fs.symlinkSync(ta.config.dataDir, path.join(outside, 'sneaky'));
    expect((await post('/api/admin/libraries', { path: path.join(outside, 'sneaky') })).json().code).toBe(
      'FOLDER_IN_DATA',
    );
    if (process.getuid?.() !== 0) {
      const locked = path.join(ta.dir, 'locked');
      fs.mkdirSync(locked, { mode: 0o000 });
      expect((await post('/api/admin/libraries', { path: locked })).json().code).toBe('FOLDER_UNREADABLE');
      fs.chmodSync(locked, 0o755);
    }
    expect(await roots()).toHaveLength(1);
  });

  it('browses folder names only, and refuses files, missing and relative paths', async () => {
    writeTree(outside, {
      'b-works/x.txt': 'secret',
      'a-works/y.wav': 1,
      'notes.txt': 'hidden',
      '.hidden/z': 'z',
    });
    const res = await get(`/api/admin/folders?path=${encodeURIComponent(outside)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      path: fs.realpathSync(outside),
      parent: fs.realpathSync(ta.dir),
      folders: [
        { name: 'a-works', path: path.join(fs.realpathSync(outside), 'a-works') },
        { name: 'b-works', path: path.join(fs.realpathSync(outside), 'b-works') },
      ],
      truncated: false,
    });
    expect(res.body).not.toContain('notes.txt');
    expect(res.body).not.toContain('secret');
    const top = (await get('/api/admin/folders')).json();
    expect(top).toMatchObject({ path: '/', parent: null });
    const file = await get(`/api/admin/folders?path=${encodeURIComponent(path.join(outside, 'notes.txt'))}`);
    expect([file.statusCode, file.json().code]).toEqual([404, 'FOLDER_NOT_FOUND']);
    const rel = await get('/api/admin/folders?path=..%2Fetc');
    expect([rel.statusCode, rel.json().code]).toEqual([400, 'FOLDER_NOT_ABSOLUTE']);
  });

  it('lists and opens folders whose names are not UTF-8, by their bytes', async () => {
    // `RJ01999003 ` and the Shift_JIS bytes of サン: a Japanese zip unpacked on Linux.
    const base = fs.realpathSync(ta.dir);
    const sjis = Buffer.concat([
      Buffer.from(path.join(base, 'sjis-')),
      Buffer.from([0x83, 0x54, 0x83, 0x93]),
    ]);
    fs.mkdirSync(Buffer.concat([sjis, Buffer.from('/RJ01999003 inner')]), { recursive: true });
    fs.mkdirSync(Buffer.concat([sjis, Buffer.from('/child-'), Buffer.from([0x83, 0x54])]));
    const shown = path.join(base, 'sjis-\uFFFDT\uFFFD\uFFFD');
    const listing = (await get(`/api/admin/folders?path=${encodeURIComponent(base)}`)).json();
    expect(listing.folders).toContainEqual({ name: 'sjis-\uFFFDT\uFFFD\uFFFD', path: shown });

    const opened = await get(`/api/admin/folders?path=${encodeURIComponent(shown)}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      path: shown,
      parent: base,
      folders: [
        { name: 'child-\uFFFDT', path: path.join(shown, 'child-\uFFFDT') },
        { name: 'RJ01999003 inner', path: path.join(shown, 'RJ01999003 inner') },
      ],
      truncated: false,
    });
    // Deeper, through two such names.
    const deeper = await get(
      `/api/admin/folders?path=${encodeURIComponent(path.join(shown, 'child-\uFFFDT'))}`,
    );
    expect(deeper.json()).toMatchObject({ folders: [], parent: shown });
    // Such a folder is not a root (roots are kept as text): the answer names the one above it.
    const add = await post('/api/admin/libraries', { path: path.join(shown, 'RJ01999003 inner') });
    expect([add.statusCode, add.json().code, add.json().params]).toEqual([
      400,
      'FOLDER_NAME_ENCODING',
      { parent: base },
    ]);
    // A replacement character that stands for no folder is not found.
    const missing = await get(
      `/api/admin/folders?path=${encodeURIComponent(path.join(base, 'none-\uFFFD'))}`,
    );
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'FOLDER_NOT_FOUND']);
  });

  it('scans a console root, one scan at a time, with a searchable report; removing the root loses nothing else', async () => {
    writeTree(outside, {
      'RJ01000001 First/01.wav': 1,
      'RJ01000002 Second/01.wav': 1,
      'RJ01000002 Second/empty.txt': '',
      'dupes/RJ01000002 again/01.wav': 1,
    });
    const root = (await post('/api/admin/libraries', { path: outside })).json().root;
    const first = await post('/api/admin/scans', {});
    const second = await post('/api/admin/scans', { full: true });
    expect(first.json().started).toBe(true);
    expect(second.json()).toMatchObject({ started: false, scan: { id: first.json().scan.id } });
    let run: ScanRun | undefined;
    for (let i = 0; i < 400 && !run; i++) {
      const o = (await get('/api/admin/scans')).json();
      if (!o.running) run = o.recent[0];
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(run).toMatchObject({
      id: first.json().scan.id,
      kind: 'quick',
      trigger: 'console',
      status: 'finished',
      added: 2,
      removed: 0,
      skipped: 2,
    });
    expect((await roots()).find((r: { id: number }) => r.id === root.id).works).toBe(2);

    const report = (await get(`/api/admin/scans/${run!.id}/report`)).json();
    expect(report.counts).toEqual({ added: 2, skipped: 2 });
    const lines = report.items.map((i: { kind: string; reason: string | null; detail: string }) => [
      i.kind,
      i.reason,
      i.detail.split(':')[0],
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['added', null, 'RJ01000001'],
        ['added', null, 'RJ01000002'],
        ['skipped', 'duplicate-code', 'RJ01000002'],
        ['skipped', 'empty-file', 'empty file skipped'],
      ]),
    );
    const searched = (await get(`/api/admin/scans/${run!.id}/report?q=EMPTY.TXT`)).json();
    expect(searched.items).toHaveLength(1);
    expect(searched.items[0]).toMatchObject({ kind: 'skipped', reason: 'empty-file' });
    expect(searched.pagination.totalCount).toBe(1);
    // LIKE's wildcards are searched as text.
    expect((await get(`/api/admin/scans/${run!.id}/report?q=%25`)).json().pagination.totalCount).toBe(0);
    expect((await get(`/api/admin/scans/${run!.id}/report?q=_`)).json().pagination.totalCount).toBe(0);
    const onlyAdded = (await get(`/api/admin/scans/${run!.id}/report?kind=added&pageSize=1&page=2`)).json();
    expect(onlyAdded.items).toHaveLength(1);
    expect(onlyAdded.pagination).toEqual({ currentPage: 2, pageSize: 1, totalCount: 2 });
    expect((await get('/api/admin/scans/99999/report')).json().code).toBe('SCAN_NOT_FOUND');

    // A listener's review of a work of the root outlives the root.
    const review = await ta.app.inject({
      method: 'PUT',
      url: '/api/review',
      headers: listener,
      payload: { work_id: 1000001, rating: 4, review_text: 'lovely' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await post('/api/admin/libraries/remove', { id: root.id })).statusCode).toBe(200);
    // Still there until the next scan.
    expect((await ta.app.inject({ url: '/api/work/1000001' })).statusCode).toBe(200);
    const after = await scanToEnd();
    expect(after).toMatchObject({ removed: 2, added: 0 });
    const removedLines = (await get(`/api/admin/scans/${after.id}/report?kind=removed`)).json().items;
    expect(removedLines.map((i: { detail: string }) => i.detail).sort()).toEqual([
      'RJ01000001',
      'RJ01000002',
    ]);
    expect((await ta.app.inject({ url: '/api/work/1000001' })).statusCode).toBe(404);
    const kept = await ta.db.selectFrom('reviews').select(['work_id', 'review_text']).execute();
    expect(kept).toEqual([{ work_id: 1000001, review_text: 'lovely' }]);
  });

  it('streams a scan’s progress as Server-Sent Events', async () => {
    const files: Record<string, number> = {};
    for (let i = 1; i <= 30; i++) files[`RJ010001${String(i).padStart(2, '0')} W${i}/01.wav`] = 1;
    writeTree(envRoot, files);
    await ta.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ta.app.server.address() as { port: number };
    const refused = await fetch(`http://127.0.0.1:${port}/api/admin/scans/events`, { headers: listener });
    expect(refused.status).toBe(403);
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/scans/events`, { headers: admin });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const events: { event: string; data: ScanRun | Record<string, never> }[] = [];
    let buffered = '';
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const { value, done: ended } = await reader.read();
        if (ended) throw new Error('stream ended');
        buffered += new TextDecoder().decode(value);
        let cut = buffered.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffered.slice(0, cut);
          buffered = buffered.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          cut = buffered.indexOf('\n\n');
        }
      }
    };
    await readUntil(() => events.length > 0);
    expect(events[0]).toEqual({ event: 'idle', data: {} });
    const started = await fetch(`http://127.0.0.1:${port}/api/admin/scans`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ full: true }),
    });
    const id = ((await started.json()) as { scan: ScanRun }).scan.id;
    await readUntil(() =>
      events.some((e) => e.event === 'scan' && (e.data as ScanRun).status === 'finished'),
    );
    await readUntil(() => events.at(-1)?.event === 'idle');
    await reader.cancel();
    const runs = events.filter((e) => e.event === 'scan').map((e) => e.data as ScanRun);
    expect(runs.every((r) => r.id === id && r.kind === 'full')).toBe(true);
    expect(runs.some((r) => r.status === 'running' && r.phase === 'works')).toBe(true);
    const last = runs.at(-1)!;
    expect(last).toMatchObject({ status: 'finished', added: 30, worksTotal: 30 });
    // The row holds the same totals for other instances and later visits.
    const stored = await ta.db.selectFrom('scan_runs').selectAll().where('id', '=', id).executeTakeFirst();
    expect(stored).toMatchObject({ status: 'finished', added: 30, works_total: 30 });
  });
});
