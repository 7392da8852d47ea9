/** Library roots in effect and background rescans while serving. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startBackgroundScans, withEffectiveLibrary } from '../../src/scanner/background.ts';
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
  it('uses the demo library of the data folder only when no library is configured', () => {
    const data = tempDir('sasayaki-data-');
    cleanups.push(() => fs.rmSync(data, { recursive: true, force: true }));
    const none = loadConfig({}, { dataDir: data, libraryRoots: [] });
    expect(withEffectiveLibrary(none).libraryRoots).toEqual([]);
    fs.mkdirSync(path.join(data, 'demo-library'));
    expect(withEffectiveLibrary(none).libraryRoots).toEqual([path.join(data, 'demo-library')]);
    const own = loadConfig({}, { dataDir: data, libraryRoots: ['/music'] });
    expect(withEffectiveLibrary(own).libraryRoots).toEqual(['/music']);
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
    startBackgroundScans({ config: loadConfig({}, { libraryRoots: [] }), db, log: idle.log }).stop();
    expect(idle.lines).toEqual(['warn no library configured (SASAYAKI_LIBRARY): nothing to scan']);

    const r = recorder();
    const scans = startBackgroundScans({
      config: loadConfig({}, { libraryRoots: [lib], rescanIntervalMinutes: 10 }),
      db,
      log: r.log,
    });
    cleanups.push(() => scans.stop());
    // Nothing has run yet: the first scan starts after the caller went on (serving requests).
    expect(await db.db.selectFrom('works').select('id').execute()).toEqual([]);
    for (let i = 0; i < 200 && !r.lines.includes('info library scan finished'); i++) {
      await new Promise((res) => setTimeout(res, 25));
    }
    expect(r.lines).toContain('info library scan finished');
    expect(await db.db.selectFrom('works').select('id').execute()).toEqual([{ id: 1000001 }]);
  });
});
