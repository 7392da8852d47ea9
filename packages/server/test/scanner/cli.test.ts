/** `sasayaki scan` as a user runs it: exit codes, summary, plain progress lines off a terminal. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from './helpers.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
const bin = path.join(serverDir, 'bin/sasayaki.mjs');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function sasayaki(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('sasayaki scan', { timeout: 120_000 }, () => {
  it('scans, prints the summary and exits 0 even when items were skipped', () => {
    const lib = tempDir();
    const data = tempDir('sasayaki-data-');
    dirs.push(lib, data);
    writeTree(lib, {
      'RJ01000001 one/01.wav': 1,
      'RJ01000001 one/broken.mp3': 'garbage',
      'g/[Circle] RJ01000002 two/01.wav': 2,
      'RJ01000003 dup/01.wav': 1,
      'x/RJ01000003 dup/01.wav': 1,
    });
    const env = { SASAYAKI_LIBRARY: lib, SASAYAKI_DATA: data };
    const first = sasayaki(['scan'], env);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/3 added, 0 updated, 0 removed, 0 unchanged/);
    expect(first.out).toMatch(/1 duplicates, 1 skipped items/);
    expect(first.out).toMatch(/duplicate RJ01000003: .*x\/RJ01000003 dup/);
    expect(first.out).toMatch(/skipped: .*broken\.mp3: corrupt audio/);
    // Not a terminal: plain progress lines, no bar.
    expect(first.err).toMatch(/scan: 3\/3 works/);

    const db = new Database(path.join(data, 'sasayaki.db'), { readonly: true });
    const titles = db.prepare('select id, title from works order by id').all();
    db.close();
    expect(titles).toEqual([
      { id: 1000001, title: 'one' },
      { id: 1000002, title: 'two' },
      { id: 1000003, title: 'dup' },
    ]);

    const again = sasayaki(['scan'], env);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/0 added, 0 updated, 0 removed, 3 unchanged/);
    const full = sasayaki(['scan', '--full'], env);
    expect(full.code).toBe(0);
    expect(full.out).toMatch(/0 added, 3 updated/);
  });

  it('exits 1 with a hint when no library is configured, 2 on a bad option', () => {
    const data = tempDir('sasayaki-data-');
    dirs.push(data);
    const none = sasayaki(['scan'], { SASAYAKI_LIBRARY: '', SASAYAKI_DATA: data });
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/SASAYAKI_LIBRARY/);
    const bad = sasayaki(['scan', '--fast'], { SASAYAKI_LIBRARY: data, SASAYAKI_DATA: data });
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/unknown option --fast/);
  });

  it('exits 1 on a fatal error (the database cannot be opened)', () => {
    const lib = tempDir();
    const data = tempDir('sasayaki-data-');
    dirs.push(lib, data);
    writeTree(lib, { 'RJ01000001/01.wav': 1 });
    // The database path is taken by a folder: nothing can be scanned into it.
    fs.mkdirSync(path.join(data, 'sasayaki.db'));
    const r = sasayaki(['scan'], { SASAYAKI_LIBRARY: lib, SASAYAKI_DATA: data });
    expect(r.code).toBe(1);
    expect(r.err.length).toBeGreaterThan(0);
  });
});

describe('sasayaki user', { timeout: 120_000 }, () => {
  it('adds, lists and changes passwords of accounts', () => {
    const data = tempDir('sasayaki-data-');
    dirs.push(data);
    const env = { SASAYAKI_DATA: data };
    expect(sasayaki(['user', 'add', 'admin1', '--admin', '--password', 'secret-pass'], env).code).toBe(0);
    const taken = sasayaki(['user', 'add', 'admin1', '--password', 'secret-pass'], env);
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/already taken/);
    const short = sasayaki(['user', 'add', 'bob12', '--password', '123'], env);
    expect(short.code).toBe(1);
    expect(short.err).toMatch(/password must be at least/);
    expect(sasayaki(['user', 'passwd', 'admin1', '--password', 'another-pass'], env).code).toBe(0);
    expect(sasayaki(['user', 'passwd', 'nobody', '--password', 'another-pass'], env).code).toBe(1);
    const list = sasayaki(['user', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/admin1\s+administrator/);
    expect(list.out).not.toMatch(/bob12/);
  });
});

describe('sasayaki demo', { timeout: 120_000 }, () => {
  it('writes the demo library once and refuses to overwrite a folder with content', () => {
    const data = tempDir('sasayaki-data-');
    dirs.push(data);
    const r = sasayaki(['demo'], { SASAYAKI_DATA: data });
    expect(r.code).toBe(0);
    const demo = path.join(data, 'demo-library');
    expect(r.out).toContain(`SASAYAKI_LIBRARY=${demo}`);
    expect(fs.existsSync(path.join(demo, 'RJ123456/RJ123456.json'))).toBe(true);
    // Written under a temporary name and renamed: no partial folder is left behind.
    expect(fs.readdirSync(data).filter((n) => n.includes('partial'))).toEqual([]);
    const again = sasayaki(['demo'], { SASAYAKI_DATA: data });
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/not empty/);
  });
});

function sasayakiAsync(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [bin, ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATABASE_URL: '', ...env },
    });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.on('error', reject);
    p.on('exit', (code) => resolve({ code, out }));
  });
}

describe('two scans at once on one SQLite file', { timeout: 120_000 }, () => {
  it('take turns per work: both finish without a skipped work', async () => {
    const lib = tempDir();
    const data = tempDir('sasayaki-data-');
    dirs.push(lib, data);
    const files: Record<string, number | string> = {};
    for (let i = 10; i < 40; i++) {
      files[`RJ010000${i}/01.wav`] = 0.5;
      files[`RJ010000${i}/01.lrc`] = '[00:00.10]x\n';
      files[`RJ010000${i}/work.json`] = JSON.stringify({ title: `w${i}`, tags: [{ id: 1, name: 't' }] });
    }
    writeTree(lib, files);
    const env = { SASAYAKI_LIBRARY: lib, SASAYAKI_DATA: data };
    // The database exists before both start, as when the CLI runs next to a serving instance.
    expect(sasayaki(['user', 'list'], env).code).toBe(0);
    const [a, b] = await Promise.all([
      sasayakiAsync(['scan', '--full'], env),
      sasayakiAsync(['scan', '--full'], env),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.out).toMatch(/0 skipped items/);
    expect(b.out).toMatch(/0 skipped items/);
    const db = new Database(path.join(data, 'sasayaki.db'), { readonly: true });
    const n = db.prepare('select count(*) as n from works').get() as { n: number };
    const f = db.prepare('select count(*) as n from files').get() as { n: number };
    db.close();
    expect([n.n, f.n]).toEqual([30, 90]);
  });
});
