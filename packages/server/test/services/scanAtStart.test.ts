/**
 * A restart of `serve` with background rescans off leaves a scanned catalogue alone, and still
 * scans a catalogue that never was (services/scans/startup.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanAtStart } from '../../src/services/scans/startup.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('scan at start (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { watchLibrary: false });
    const work = path.join(t.dir, 'library', 'RJ01000001');
    fs.mkdirSync(work, { recursive: true });
    fs.writeFileSync(path.join(work, 'readme.txt'), 'no audio needed for a finished scan');
  });
  afterAll(() => t?.close());

  it('scans a catalogue that was never scanned, whatever the setting', async () => {
    expect(await scanAtStart({ watchLibrary: false }, t.db)).toBe(true);
    expect(await scanAtStart({ watchLibrary: true }, t.db)).toBe(true);
  });

  it('after a finished scan, only when background rescans are on', async () => {
    const run = await t.app.scans.run('quick', 'startup');
    expect(run).toBeTruthy();
    expect(await scanAtStart({ watchLibrary: false }, t.db)).toBe(false);
    expect(await scanAtStart({ watchLibrary: true }, t.db)).toBe(true);
  });

  it('a failed scan after it does not bring the startup scan back', async () => {
    const now = Date.now();
    await t.db
      .insertInto('scan_runs')
      .values({ kind: 'quick', started_by: 'startup', status: 'failed', started_at: now, updated_at: now })
      .execute();
    expect(await scanAtStart({ watchLibrary: false }, t.db)).toBe(false);
  });
});
