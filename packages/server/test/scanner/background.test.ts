/** Library roots in effect and background rescans while serving. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startBackgroundScans } from '../../src/scanner/background.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { effectiveRoots } from '../../src/storage/effectiveRoots.ts';
import { openTestDb } from '../helpers/db.ts';
import { tempDir, writeTree } from './helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function recorder() {
  const lines: string[] = [];
  const rec = (level: string) => (_o: object, msg?: string) => lines.push(`${level} ${msg ?? ''}`);
  return { lines, log: { info: rec('info'), warn: rec('warn'), error: rec('error') } };
}

describe('effective library', () => {
  it('uses the demo library of the data folder only when no library is configured', async () => {
    const data = tempDir('sasayaki-data-');
    cleanups.push(() => fs.rmSync(data, { recursive: true, force: true }));
    const db = await openTestDb('sqlite');
    cleanups.push(() => db.close());
    const paths = async (c: ReturnType<typeof loadConfig>) =>
      (await effectiveRoots(c, db)).map((r) => r.path);
    const none = loadConfig({}, { dataDir: data, libraryRoots: [] });
    expect(await paths(none)).toEqual([]);
    fs.mkdirSync(path.join(data, 'demo-library'));
    expect(await effectiveRoots(none, db)).toEqual([
      { id: 0, path: path.join(data, 'demo-library'), name: 'demo-library', source: 'demo' },
    ]);
    const own = loadConfig({}, { dataDir: data, libraryRoots: ['/music'] });
    expect(await paths(own)).toEqual(['/music']);
    // A folder added in the console replaces the demo library, beside the environment's.
    await db
      .insertInto('library_roots')
      .values({ id: 1000, path: '/srv/asmr', name: 'ASMR', created_at: 1 })
      .execute();
    expect(await effectiveRoots(none, db)).toEqual([
      { id: 1000, path: '/srv/asmr', name: 'ASMR', source: 'console' },
    ]);
    expect((await effectiveRoots(own, db)).map((r) => [r.id, r.source])).toEqual([
      [0, 'environment'],
      [1000, 'console'],
    ]);
  });
});

describe('background scans', () => {
  it('scans on start without being awaited, and does nothing without a library', async () => {
    const lib = tempDir();
    cleanups.push(() => fs.rmSync(lib, { recursive: true, force: true }));
    writeTree(lib, { 'RJ01000001/01.wav': 1 });
    const db = await openTestDb('sqlite');
    cleanups.push(() => db.close());

    const idle = recorder();
    startBackgroundScans({
      config: loadConfig({}, { libraryRoots: [] }),
      db,
      hooks: scanHooks,
      log: idle.log,
    }).stop();
    expect(idle.lines).toEqual(['warn no library configured (SASAYAKI_LIBRARY): nothing to scan']);

    const r = recorder();
    const scans = startBackgroundScans({
      config: loadConfig({}, { libraryRoots: [lib], rescanIntervalMinutes: 10 }),
      db,
      hooks: scanHooks,
      log: r.log,
    });
    cleanups.push(() => scans.stop());
    // Nothing has run yet: the first scan starts after the caller went on (serving requests).
    expect(await db.selectFrom('works').select('id').execute()).toEqual([]);
    for (let i = 0; i < 200 && !r.lines.includes('info library scan finished'); i++) {
      await new Promise((res) => setTimeout(res, 25));
    }
    expect(r.lines).toContain('info library scan finished');
    expect(await db.selectFrom('works').select('id').execute()).toEqual([{ id: 1000001 }]);
  });
});
