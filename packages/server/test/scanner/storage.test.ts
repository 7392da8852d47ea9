/** The library door: catalogued files resolve inside the roots; escapes are refused. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/errors.ts';
import { resolveFile } from '../../src/storage/library.ts';
import { DIALECTS } from '../helpers/db.ts';
import { scanFixture, tempDir, writeTree } from './helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe.each(DIALECTS)('resolveFile (%s)', (dialect) => {
  it('resolves catalogued files and refuses paths and links leading out of the library', async () => {
    const root = tempDir();
    const outside = tempDir('sasayaki-outside-');
    cleanups.push(
      () => fs.rmSync(root, { recursive: true, force: true }),
      () => fs.rmSync(outside, { recursive: true, force: true }),
    );
    writeTree(root, { 'g/RJ01000001 x/01.wav': 1, 'g/RJ01000001 x/notes.txt': 'hello' });
    writeTree(outside, { 'secret.txt': 'secret' });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'g/RJ01000001 x/link.txt'));
    const fx = await scanFixture(dialect, [root]);
    cleanups.push(() => fx.close());
    await fx.scan();
    const ctx = { config: fx.config, db: fx.db, log: {} as never };

    expect(await resolveFile(ctx, { work_id: 1000001, path: '01.wav' })).toBe(
      path.join(root, 'g/RJ01000001 x/01.wav'),
    );
    const status = async (p: { work_id: number; path: string }) =>
      resolveFile(ctx, p).then(
        () => 200,
        (e) => (e instanceof HttpError ? e.statusCode : 500),
      );
    // The scanner indexed the link as a file; serving it would leak a file outside the library.
    expect(await status({ work_id: 1000001, path: 'link.txt' })).toBe(403);
    expect(
      await status({
        work_id: 1000001,
        path: '../../../' + path.relative('/', path.join(outside, 'secret.txt')),
      }),
    ).toBe(403);
    expect(await status({ work_id: 1000001, path: 'gone.wav' })).toBe(404);
    expect(await status({ work_id: 999, path: '01.wav' })).toBe(404);
    fs.rmSync(path.join(root, 'g/RJ01000001 x/notes.txt'));
    expect(await status({ work_id: 1000001, path: 'notes.txt' })).toBe(404);
  });
});
