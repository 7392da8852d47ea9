/**
 * The rescan's no-change check on worker threads (scanner/unchanged.ts) decides exactly as the
 * scan's own thread does: untouched works are skipped, a changed, added or removed file is seen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unchangedWorks } from '../../src/scanner/unchanged.ts';
import { DIALECTS } from '../helpers/db.ts';
import { type ScanFixture, scanFixture, tempDir, writeTree } from './helpers.ts';

describe.each(DIALECTS)('no-change check on worker threads on %s', (dialect) => {
  let root: string;
  let fx: ScanFixture;
  beforeAll(async () => {
    root = tempDir();
    const files: Record<string, string | number> = {};
    for (let i = 0; i < 12; i++) {
      files[`group/RJ0${3_100_000 + i} 作品${i}/01 本編.wav`] = 0.05;
      files[`group/RJ0${3_100_000 + i} 作品${i}/01 本編.lrc`] = `[00:00.00]${i}\n`;
    }
    writeTree(root, files);
    fx = await scanFixture(dialect, [root]);
    expect((await fx.scan({ checkThreads: 2 })).worksAdded).toBe(12);
  });
  afterAll(async () => {
    await fx.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('skips untouched works and rescans exactly the changed ones', { timeout: 180_000 }, async () => {
    expect(await fx.scan({ checkThreads: 2 })).toMatchObject({
      worksUnchanged: 12,
      worksUpdated: 0,
      errors: [],
    });
    // The threads themselves answer (a thread that fails would leave the works to the scan).
    const rows = await fx.db.selectFrom('works').select(['id', 'folder_path', 'scan_signature']).execute();
    const checks = rows.map((r) => ({
      id: r.id,
      absPath: path.join(root, r.folder_path),
      signature: r.scan_signature,
    }));
    const answered = await unchangedWorks(checks, [fs.realpathSync(root)], 2);
    expect([...answered.keys()].sort()).toEqual(rows.map((r) => r.id).sort());
    expect([...answered.values()].every((v) => v.files === 2)).toBe(true);

    const work = (i: number) => path.join(root, 'group', `RJ0${3_100_000 + i} 作品${i}`);
    fs.appendFileSync(path.join(work(1), '01 本編.lrc'), '[00:01.00]more\n');
    fs.writeFileSync(path.join(work(5), 'extra.txt'), 'notes');
    fs.rmSync(path.join(work(9), '01 本編.lrc'));
    const next = await fx.scan({ checkThreads: 2 });
    expect(next).toMatchObject({ worksUnchanged: 9, worksUpdated: 3, worksRemoved: 0, errors: [] });

    const paths = await fx.db.selectFrom('files').select('path').where('work_id', '=', 3_100_005).execute();
    expect(paths.map((p) => p.path)).toContain('extra.txt');
    // The threads' answer equals the scan thread's: nothing left to do either way.
    expect(await fx.scan({ checkThreads: 0 })).toMatchObject({ worksUnchanged: 12, worksUpdated: 0 });
  });
});
