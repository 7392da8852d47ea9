/**
 * Names that are not valid UTF-8 (issue 20 §5): a Japanese zip unpacked on Linux leaves
 * Shift_JIS bytes in folder and file names. Such a work is imported with its name decoded with
 * U+FFFD, its files are listed, streamed (Range too), downloaded and used as its cover by id, on
 * SQLite and PostgreSQL; two names that read alike once decoded are the only ones skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { type ScannedApp, scannedApp, wav } from './helpers.ts';

const WORK = 1999003;
const NESTED = 1999005;
const sjis = (...bytes: number[]) => Buffer.from(bytes);
const cat = (...parts: (string | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
/** サン in Shift_JIS: 83 54 83 93; decoded as UTF-8 with replacement: U+FFFD T U+FFFD U+FFFD. */
const SAN = sjis(0x83, 0x54, 0x83, 0x93);
const SAN_SHOWN = '\uFFFDT\uFFFD\uFFFD';
/** 表紙 (cover) in Shift_JIS: 95 5C 8E 86, shown as U+FFFD \ U+FFFD U+FFFD. */
const COVER = sjis(0x95, 0x5c, 0x8e, 0x86);

describe.each(DIALECTS)('names that are not UTF-8 on %s', (dialect) => {
  let ta: ScannedApp;
  let root: string;
  const onDisk = new Map<string, Buffer>();
  let coverBytes: Buffer;

  const put = (rel: Buffer, content: Buffer) => {
    const abs = cat(root, '/', rel);
    fs.writeFileSync(abs, content);
    onDisk.set(rel.toString('latin1'), content);
  };

  /** RJ01999003 サン/01 サン.wav, RJ01999003 サン/サン/02.wav, a cover and two names alike. */
  const layOut = async () => {
    const work = cat('RJ01999003 ', SAN);
    fs.mkdirSync(cat(root, '/', work));
    put(cat(work, '/01 ', SAN, '.wav'), wav(1.5));
    fs.mkdirSync(cat(root, '/', work, '/', SAN));
    put(cat(work, '/', SAN, '/02.wav'), wav(0.5));
    coverBytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04020' } })
      .jpeg()
      .toBuffer();
    put(cat(work, '/', COVER, '.jpg'), coverBytes);
    put(cat(work, '/a', sjis(0x83), '.txt'), Buffer.from('one'));
    put(cat(work, '/a', sjis(0x84), '.txt'), Buffer.from('two'));
    // A circle folder whose own name is not UTF-8, holding a work.
    fs.mkdirSync(cat(root, '/', SAN, ' circle/RJ01999005 plain'), { recursive: true });
    put(cat(SAN, ' circle/RJ01999005 plain/01.wav'), wav(1));
  };

  beforeAll(async () => {
    ta = await scannedApp(dialect, (r) => {
      root = r;
      return layOut();
    });
  }, 120_000);
  afterAll(async () => {
    await ta?.close();
  });

  const bytesOf = (...rel: (string | Buffer)[]) => onDisk.get(cat(...rel).toString('latin1')) as Buffer;

  it('imports the work, its name shown with replacement characters', async () => {
    // Before: "ENOENT … scandir" and the work was left out.
    const work = await ta.db
      .selectFrom('works')
      .select(['id', 'folder_path', 'title'])
      .where('id', '=', WORK)
      .executeTakeFirstOrThrow();
    expect(work.folder_path).toBe(`RJ01999003 ${SAN_SHOWN}`);
    expect(work.title).toContain('\uFFFD');
    expect((await ta.get(`/api/work/${WORK}`)).statusCode).toBe(200);
    const nested = await ta.db
      .selectFrom('works')
      .select('folder_path')
      .where('id', '=', NESTED)
      .executeTakeFirstOrThrow();
    expect(nested.folder_path).toBe(`${SAN_SHOWN} circle/RJ01999005 plain`);
    expect(ta.first.errors.filter((e) => /ENOENT|broken link/.test(e.message))).toEqual([]);
  });

  it('lists its files with their durations, and the track tree shows them', async () => {
    const files = await ta.filesOf(WORK);
    expect(files.map((f) => [f.path, f.type])).toEqual([
      [`01 ${SAN_SHOWN}.wav`, 'audio'],
      [SAN_SHOWN, 'folder'],
      [`${SAN_SHOWN}/02.wav`, 'audio'],
      [`\uFFFD\\\uFFFD\uFFFD.jpg`, 'image'],
    ]);
    expect(files[0]?.duration).toBeCloseTo(1.5, 1);
    expect(files[2]?.duration).toBeCloseTo(0.5, 1);
    const tree = JSON.stringify((await ta.get(`/api/tracks/${WORK}`)).json());
    expect(tree).toContain(`01 ${SAN_SHOWN}.wav`);
    expect(tree).toContain('02.wav');
  });

  it('streams every file byte-identical by id, Range included, and downloads it', async () => {
    const files = await ta.filesOf(WORK);
    const first = files.find((f) => f.path.startsWith('01 '));
    const second = files.find((f) => f.path.endsWith('/02.wav'));
    const want1 = bytesOf('RJ01999003 ', SAN, '/01 ', SAN, '.wav');
    const want2 = bytesOf('RJ01999003 ', SAN, '/', SAN, '/02.wav');
    const whole = await ta.get(`/api/media/stream/${first?.id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(Buffer.compare(whole.rawPayload, want1)).toBe(0);
    const part = await ta.get(`/api/media/stream/${WORK}/${first?.id}`, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${want1.length}`);
    expect(Buffer.compare(part.rawPayload, want1.subarray(100, 1100))).toBe(0);
    const tail = await ta.get(`/api/media/stream/${second?.id}`, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, want2.subarray(want2.length - 10))).toBe(0);
    const download = await ta.get(`/api/media/download/${second?.id}`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, want2)).toBe(0);
    const nested = (await ta.filesOf(NESTED))[0];
    const other = await ta.get(`/api/media/stream/${nested?.id}`);
    expect(Buffer.compare(other.rawPayload, bytesOf(SAN, ' circle/RJ01999005 plain/01.wav'))).toBe(0);
  });

  it('zips the work with every file', async () => {
    const zip = await ta.get(`/api/media/download-zip/${WORK}`);
    expect(zip.statusCode).toBe(200);
    // A stored ZIP holds each file's bytes as they are.
    expect(zip.rawPayload.indexOf(bytesOf('RJ01999003 ', SAN, '/01 ', SAN, '.wav'))).toBeGreaterThan(0);
    expect(zip.rawPayload.indexOf(coverBytes)).toBeGreaterThan(0);
  });

  it('uses the image as the cover', async () => {
    const work = await ta.db
      .selectFrom('works')
      .select('cover_path')
      .where('id', '=', WORK)
      .executeTakeFirstOrThrow();
    expect(work.cover_path).toBe('\uFFFD\\\uFFFD\uFFFD.jpg');
    const cover = await ta.get(`/api/cover/${WORK}.jpg?type=main`);
    expect(cover.statusCode).toBe(200);
    // The picture's colour, not the placeholder's.
    const { data } = await sharp(cover.rawPayload).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(90);
  });

  it('skips only the names that read alike once decoded, with the reason "name-encoding"', async () => {
    const skipped = ta.first.errors.filter((e) => e.reason === 'name-encoding');
    expect(skipped.map((e) => path.basename(e.path))).toEqual(['a\uFFFD.txt', 'a\uFFFD.txt']);
    expect((await ta.filesOf(WORK)).some((f) => f.path.startsWith('a'))).toBe(false);
  });

  it('finds the works unchanged on a rescan, checked inline and on worker threads', async () => {
    for (const checkThreads of [0, 1]) {
      const again = await ta.scan({ checkThreads });
      expect(again).toMatchObject({ worksAdded: 0, worksUpdated: 0, worksRemoved: 0, worksUnchanged: 2 });
    }
  });

  it('answers 404 once the file is gone, and the scan then removes it', async () => {
    const first = (await ta.filesOf(WORK)).find((f) => f.path.startsWith('01 '));
    fs.rmSync(cat(root, '/RJ01999003 ', SAN, '/01 ', SAN, '.wav'));
    expect((await ta.get(`/api/media/stream/${first?.id}`)).statusCode).toBe(404);
    const again = await ta.scan();
    expect(again.worksUpdated).toBe(1);
    expect((await ta.filesOf(WORK)).some((f) => f.id === first?.id)).toBe(false);
  });
});
