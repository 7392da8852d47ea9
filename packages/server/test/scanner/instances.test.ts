/**
 * Two instances (two connection pools) scanning one library into one PostgreSQL schema at the
 * same time take turns: no work is written twice, nothing is reported as failed.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDb } from '../../src/db/connect.ts';
import { scanLibrary } from '../../src/scanner/index.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { openTestDb, PG_URL, pgAvailable } from '../helpers/db.ts';
import { tempDir, writeTree } from './helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.skipIf(!pgAvailable)('concurrent scans from two instances (postgres)', () => {
  it('serialise on an advisory lock: the first adds, the others find everything unchanged', async () => {
    const lib = tempDir();
    cleanups.push(() => fs.rmSync(lib, { recursive: true, force: true }));
    const files: Record<string, number | string> = {};
    for (let i = 1; i <= 6; i++) {
      files[`RJ0100000${i} 作品/01.wav`] = 1;
      files[`RJ0100000${i} 作品/02.wav`] = 1;
      files[`RJ0100000${i} 作品/01.lrc`] = '[00:00.50]はじめに\n';
      files[`RJ0100000${i} 作品/work.json`] = JSON.stringify({
        title: `作品${i}`,
        circle: { id: 9, name: '共有サークル' },
        vas: [{ name: '共有声優' }],
        tags: [{ id: 3, name: '共有タグ' }],
      });
    }
    writeTree(lib, files);
    const a = await openTestDb('postgres');
    cleanups.push(() => a.close());
    const b = await openDb({ databaseUrl: PG_URL, pgSchema: a.pgSchema, poolSize: 4 });
    cleanups.push(() => b.close());
    const config = loadConfig({}, { libraryRoots: [lib], dataDir: tempDir(), onlineMetadata: false });

    const results = await Promise.all(
      [a, b, a, b].map((db) => scanLibrary({ config, db, hooks: scanHooks })),
    );
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(results.reduce((n, r) => n + r.worksAdded, 0)).toBe(6);
    expect(results.reduce((n, r) => n + r.worksUpdated, 0)).toBe(0);
    const rows = await a.selectFrom('files').select(['work_id', 'path']).execute();
    expect(rows).toHaveLength(6 * 3 + 6);
    const links = await a.selectFrom('work_tags').select('work_id').where('tag_id', '=', 3).execute();
    expect(links).toHaveLength(6);
  });
});
