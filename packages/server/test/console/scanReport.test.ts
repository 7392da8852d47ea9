/**
 * A scan report that stays true (issue 38), through HTTP on both dialects with real files: every
 * report lists every problem still on disk, also after a quick scan that found nothing changed,
 * each marked with the scan that first reported it; a problem leaves the report only when its
 * file is fixed or gone. A folder with nothing playable is reported, not added; a link at the root
 * to a folder the library holds adds nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ScanReportItem, ScanRun } from '@sasayaki/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { wav, writeTree } from '../scanner/helpers.ts';

describe.each(DIALECTS)('scan reports that stay true (%s)', (dialect) => {
  let ta: TestApp;
  let admin: { authorization: string };
  let root: string;

  beforeEach(async () => {
    ta = await startTestApp(dialect);
    root = ta.config.libraryRoots[0]!;
    const a = await createUser(ta.db, { name: 'bossy', password: 'boss-secret', group: 'administrator' });
    admin = { authorization: `Bearer ${await tokenFor(ta, a.id)}` };
  });
  afterEach(() => ta.close());

  const get = (url: string) => ta.app.inject({ url, headers: admin });

  async function scan(full = false): Promise<ScanRun> {
    const started = await ta.app.inject({
      method: 'POST',
      url: '/api/admin/scans',
      headers: admin,
      payload: { full },
    });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().scan.id as number;
    for (let i = 0; i < 600; i++) {
      const { running, recent } = (await get('/api/admin/scans')).json();
      const done = (recent as ScanRun[]).find((r) => r.id === id);
      if (!running && done) return done;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('scan did not finish');
  }

  /** The report's problems as `reason name → first seen`, by the file's path below the root. */
  async function problems(run: ScanRun): Promise<Record<string, number | null>> {
    const items = (await get(`/api/admin/scans/${run.id}/report?kind=skipped&pageSize=100`)).json()
      .items as ScanReportItem[];
    return Object.fromEntries(items.map((i) => [`${i.reason} ${path.relative(root, i.path)}`, i.firstSeen]));
  }

  const works = async () =>
    (await ta.db.selectFrom('works').select(['id', 'folder_path']).orderBy('id').execute()).map(
      (w) => `${w.id} ${w.folder_path}`,
    );

  it('lists every problem still on disk in every report, new or known since the scan that found it', async () => {
    writeTree(root, {
      'circle/RJ01000001 Good/01.wav': 1,
      'circle/RJ01000001 Good/broken.mp3': 'this is not an mp3 file at all, just text',
      'circle/RJ01000001 Good/empty.txt': '',
      'RJ01000002 Only corrupt/01.mp3': 'not audio either',
      'RJ01000002 Only corrupt/cover.jpg': 'x',
      'RJ01000003 Text only/readme.txt': 'no audio here',
      'RJ01000004 Other/01.wav': 1,
      'RJ01000004 Other/work.json': '{ "title": "cut off',
    });
    // A root-level link to a work folder the library holds, and one to a grouping folder.
    fs.symlinkSync(path.join(root, 'circle/RJ01000001 Good'), path.join(root, 'RJ01000001 favourite'));
    fs.symlinkSync(path.join(root, 'circle'), path.join(root, 'a-circle-link'));

    const first = await scan();
    expect(await works()).toEqual(['1000001 circle/RJ01000001 Good', '1000004 RJ01000004 Other']);
    const known = {
      'corrupt-audio circle/RJ01000001 Good/broken.mp3': first.id,
      'empty-file circle/RJ01000001 Good/empty.txt': first.id,
      'corrupt-audio RJ01000002 Only corrupt/01.mp3': first.id,
      'no-playable-audio RJ01000002 Only corrupt': first.id,
      'no-playable-audio RJ01000003 Text only': first.id,
      'metadata RJ01000004 Other/work.json': first.id,
      'linked-folder RJ01000001 favourite': first.id,
      'linked-folder a-circle-link': first.id,
    };
    expect(await problems(first)).toEqual(known);
    expect(first).toMatchObject({ added: 2, skipped: 8 });

    // Nothing changed: a quick scan reads no file, yet every problem is listed again, as known.
    const second = await scan();
    expect(second).toMatchObject({ added: 0, updated: 0, unchanged: 2, skipped: 8 });
    expect(await problems(second)).toEqual(known);

    // A new problem is new; the fixed one goes; the others stay known since the first scan.
    fs.writeFileSync(path.join(root, 'RJ01000004 Other/02.flac'), 'fLaC but nothing after');
    fs.writeFileSync(path.join(root, 'circle/RJ01000001 Good/broken.mp3'), wav(1));
    const third = await scan();
    const { 'corrupt-audio circle/RJ01000001 Good/broken.mp3': fixed, ...stillThere } = known;
    expect(fixed).toBe(first.id);
    expect(await problems(third)).toEqual({
      ...stillThere,
      'corrupt-audio RJ01000004 Other/02.flac': third.id,
    });

    // A work folder that gets something playable is added; one that loses it is reported and goes.
    fs.writeFileSync(path.join(root, 'RJ01000003 Text only/01.wav'), wav(1));
    fs.rmSync(path.join(root, 'RJ01000004 Other/01.wav'));
    const fourth = await scan();
    expect(await works()).toEqual(['1000001 circle/RJ01000001 Good', '1000003 RJ01000003 Text only']);
    const last = await problems(fourth);
    expect(last['no-playable-audio RJ01000003 Text only']).toBeUndefined();
    expect(last['no-playable-audio RJ01000004 Other']).toBe(fourth.id);
    expect(last['corrupt-audio RJ01000004 Other/02.flac']).toBe(third.id);
    expect(last['empty-file circle/RJ01000001 Good/empty.txt']).toBe(first.id);

    // A full rescan reads everything again and finds the same problems, still known.
    const full = await scan(true);
    expect(await problems(full)).toEqual(last);
  });

  it('gives each reason its parameters for the console to translate, paths as they are', async () => {
    writeTree(root, {
      'a/RJ01000011 One/01.wav': 1,
      'b/RJ01000011 Copy/01.wav': 1,
      'RJ01000012/01.wav': 1,
      'RJ01000012/RJ01000012.json': '[1, 2]',
    });
    const run = await scan();
    const items = (await get(`/api/admin/scans/${run.id}/report?kind=skipped`)).json()
      .items as ScanReportItem[];
    const byReason = Object.fromEntries(items.map((i) => [i.reason, i]));
    expect(byReason['duplicate-code']).toMatchObject({
      path: path.join(root, 'b/RJ01000011 Copy'),
      params: { code: 'RJ01000011', kept: path.join(root, 'a/RJ01000011 One') },
    });
    expect(byReason.metadata).toMatchObject({ params: { problem: 'no-title' } });
  });
});
