/**
 * Libraries as downloaders and unzippers leave them (issue 20 §5), scanned and then served
 * through the API, on SQLite and PostgreSQL: a link to a parent folder, WAV data behind an `.mp3`
 * name, and the store's review count in a sidecar.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { account } from '../helpers/testApp.ts';
import { type ScannedApp, scannedApp, wav, writeTree } from './helpers.ts';

const LOOPED = 1999001;
const DISGUISED = 1999002;
const STORE = 1999003;

/**
 * A 12-track work with links to itself and its parent among other works, WAV data named .mp3, and
 * a store sidecar.
 */
function layOut(root: string): void {
  const tracks = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`RJ01999001 looped/${String(i + 1).padStart(2, '0')}.wav`, 0.2]),
  );
  writeTree(root, {
    ...tracks,
    // Other works beside it: what `up` would pull in.
    ...Object.fromEntries(
      Array.from({ length: 8 }, (_, w) => [`RJ0199901${w} other ${w}/01.wav`, 0.2] as const).flatMap(
        ([k, v]) => [
          [k, v],
          [k.replace('01.wav', '02.wav'), v],
        ],
      ),
    ),
    'RJ01999002 disguised/01 intro.mp3': wav(1),
    'RJ01999002 disguised/02 real.wav': wav(1),
    'RJ01999003 store/01.wav': wav(1),
    'RJ01999003 store/work.json': JSON.stringify({
      title: 'From the store',
      dl_count: 4321,
      rate_count: 77,
      review_count: 321,
    }),
  });
  fs.symlinkSync('..', path.join(root, 'RJ01999001 looped', 'up'));
  fs.symlinkSync('.', path.join(root, 'RJ01999001 looped', 'here'));
}

describe.each(DIALECTS)('real libraries on %s', (dialect) => {
  let ta: ScannedApp;

  beforeAll(async () => {
    ta = await scannedApp(dialect, layOut);
  }, 120_000);
  afterAll(async () => {
    await ta?.close();
  });

  it('does not follow a link to the work folder or its parent (`ln -s .. up`)', async () => {
    // Before: the link pulled the whole library in: one 12-file work listed 108 tracks.
    const files = await ta.filesOf(LOOPED);
    expect(files.filter((f) => f.type === 'audio')).toHaveLength(12);
    expect(files.every((f) => !f.path.startsWith('up/') && !f.path.startsWith('here/'))).toBe(true);
    const loops = ta.first.errors
      .filter((e) => /symlink loop/.test(e.message))
      .map((e) => path.basename(e.path));
    expect(loops.sort()).toEqual(['here', 'up']);
    const tracks = (await ta.get(`/api/tracks/${LOOPED}`)).json();
    expect(JSON.stringify(tracks)).not.toContain('other');
  });

  it('imports audio by its content: WAV data named .mp3 plays as audio/wav', async () => {
    // Before: "corrupt audio skipped" (the MP3 parser was chosen by the name).
    const files = await ta.filesOf(DISGUISED);
    const intro = files.find((f) => f.path === '01 intro.mp3');
    expect(intro).toMatchObject({ type: 'audio' });
    expect(intro?.duration).toBeCloseTo(1, 1);
    expect(ta.first.errors.filter((e) => e.path.includes('RJ01999002'))).toEqual([]);
    const stream = await ta.get(`/api/media/stream/${intro?.id}`);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('audio/wav');
    expect(stream.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const real = files.find((f) => f.path === '02 real.wav');
    expect((await ta.get(`/api/media/stream/${real?.id}`)).headers['content-type']).toBe('audio/wav');
  });

  it("keeps the store's review count from the sidecar, whatever this site's users write", async () => {
    // Before: the local count of written reviews replaced it, and kikoeru front ends showed 0.
    const work = (await ta.get(`/api/work/${STORE}`)).json();
    expect(work).toMatchObject({ review_count: 321, dl_count: 4321, rate_count: 77 });
    const user = await account(ta, 'reviewer');
    const put = await ta.app.inject({
      method: 'PUT',
      url: '/api/review',
      headers: { authorization: user.authorization },
      payload: { work_id: STORE, rating: 4, review_text: 'lovely' },
    });
    expect(put.statusCode).toBe(200);
    const after = (await ta.get(`/api/work/${STORE}`)).json();
    expect(after).toMatchObject({ review_count: 321, site_rate_count: 1 });
  });
});
