import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { concat, makeZip, SJIS } from '../../../test/zips.ts';
import { openSubtitleDb, SCHEMA_VERSIONS, type SubtitleDb } from './db.ts';
import { ImportError } from './errors.ts';
import { type ImportProgress, importArchive } from './importer.ts';
import { localLyricsFor } from './match.ts';
import { listPackages, removePackage, subtitledWorkIds, subtitlesOfWork } from './repository.ts';

const freshDb = (): SubtitleDb => openSubtitleDb('test', { indexedDB: new IDBFactory(), IDBKeyRange });
const lrc = (seconds: number, text = 'おやすみ') =>
  `[00:00.50]${text}\n[00:${String(seconds).padStart(2, '0')}.00]`;
const sjisLrc = new Uint8Array([
  0x5b, 0x30, 0x30, 0x3a, 0x30, 0x32, 0x2e, 0x30, 0x30, 0x5d, 0x82, 0xa8, 0x82, 0xe2,
]);

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    return e instanceof ImportError ? e.kind : `other: ${String(e)}`;
  }
}

async function counts(db: SubtitleDb) {
  return {
    packages: await db.subtitle_package.count(),
    contents: await db.subtitle_content.count(),
    records: await db.subtitle_record.count(),
  };
}

const archive = () =>
  makeZip([
    { name: 'RJ123456 はじめて/01.lrc', data: lrc(6) },
    { name: 'RJ123456 はじめて/02.lrc', data: `\uFEFF${lrc(6)}` }, // same text with a BOM: one content
    { name: concat('RJ01234567/', SJIS.oyasumiLrc), data: sjisLrc },
    {
      name: 'nested/RJ01234567.zip',
      data: makeZip([{ name: 'sub/03.vtt', data: 'WEBVTT\n\n00:01.000 --> 00:09.500\nやあ' }]),
    },
    { name: 'misc/no-code.srt', data: '1\n00:00:01,000 --> 00:00:02,000\nx' },
    { name: '__MACOSX/RJ123456 はじめて/._01.lrc', data: 'fork' },
    { name: 'RJ123456 はじめて/cover.png', data: 'png' },
  ]);

describe('importing an archive', () => {
  it('stores each subtitle once per content, with its path, work ids and duration', async () => {
    const db = freshDb();
    const seen: ImportProgress[] = [];
    const r = await importArchive(
      db,
      { name: 'subs.zip', bytes: archive() },
      { onProgress: (p) => seen.push(p) },
    );
    expect(r).toMatchObject({ fileName: 'subs.zip', files: 4, skipped: 1, workIds: [123456, 1234567] });
    expect(await counts(db)).toEqual({ packages: 1, contents: 3, records: 4 });
    expect(seen[0]?.phase).toBe('verifying');
    expect(seen.at(-1)).toEqual({ phase: 'finished', done: 5, total: 5 });
    const [pkg] = await listPackages(db);
    expect(pkg).toMatchObject({ file_name: 'subs.zip', status: 'finished', file_count: 4, work_count: 2 });
    expect(await subtitledWorkIds(db)).toEqual([123456, 1234567]);
    const forWork = await subtitlesOfWork(db, 1234567);
    expect(forWork.map((s) => [s.record.subtitle_file_path, s.content.duration]).sort()).toEqual([
      ['RJ01234567/おやすみ.lrc', 2],
      ['nested/RJ01234567.zip/sub/03.vtt', 9.5],
    ]);
    // Shift_JIS content is stored as UTF-8 text.
    const sjis = forWork.find((s) => s.record.subtitle_file_path.endsWith('.lrc'));
    expect(new TextDecoder().decode(sjis?.content.content)).toBe('[00:02.00]おや');
  });

  it('refuses the same archive twice and changes nothing', async () => {
    const db = freshDb();
    const bytes = archive();
    await importArchive(db, { name: 'a.zip', bytes });
    const before = await counts(db);
    expect(await kindOf(importArchive(db, { name: 'renamed.zip', bytes }))).toBe('duplicate');
    expect(await counts(db)).toEqual(before);
  });

  it('refuses what is not a zip, a corrupt zip and a zip without subtitles, writing nothing', async () => {
    const db = freshDb();
    const text = new TextEncoder().encode('RJ123456 is a code, but this is not an archive');
    expect(await kindOf(importArchive(db, { name: 'a.rar', bytes: text }))).toBe('notZip');
    const broken = makeZip([{ name: 'RJ123456/a.lrc', data: lrc(5).repeat(40) }]);
    broken.fill(0xff, 40, 90);
    expect(await kindOf(importArchive(db, { name: 'broken.zip', bytes: broken }))).toBe('corrupt');
    const images = makeZip([{ name: 'RJ123456/cover.jpg', data: 'jpg' }]);
    expect(await kindOf(importArchive(db, { name: 'images.zip', bytes: images }))).toBe('noSubtitles');
    expect(await counts(db)).toEqual({ packages: 0, contents: 0, records: 0 });
  });

  it('imports a large archive chunk by chunk and removes a chunked import that fails half-way', async () => {
    const db = freshDb();
    const entries = Array.from({ length: 25 }, (_, i) => ({
      name: `RJ123456/${i}.lrc`,
      data: lrc(5, `line ${i}`),
    }));
    const chunked = { chunkedAbove: 100, chunkFiles: 10, concurrency: 4 };
    const r = await importArchive(db, { name: 'big.zip', bytes: makeZip(entries) }, chunked);
    expect(r.files).toBe(25);
    expect(await counts(db)).toEqual({ packages: 1, contents: 25, records: 25 });

    // The first chunks are fine; a nested archive further on is broken.
    const broken = makeZip([{ name: 'RJ01234567/a.lrc', data: lrc(5).repeat(40) }]);
    broken.fill(0xff, 40, 90);
    const failing = makeZip([
      ...Array.from({ length: 12 }, (_, i) => ({ name: `RJ01234567/${i}.lrc`, data: lrc(4, `other ${i}`) })),
      { name: 'zz/inner.zip', data: broken },
    ]);
    expect(await kindOf(importArchive(db, { name: 'failing.zip', bytes: failing }, chunked))).toBe('corrupt');
    expect(await counts(db)).toEqual({ packages: 1, contents: 25, records: 25 });
  });

  it('reports a full disk as a quota error and keeps nothing, in one transaction or in chunks', async () => {
    const db = freshDb();
    const full = () => Promise.reject(new DOMException('disk full', 'QuotaExceededError'));
    db.subtitle_record.bulkAdd = full as never;
    expect(await kindOf(importArchive(db, { name: 'a.zip', bytes: archive() }))).toBe('quota');
    expect(await counts(db)).toEqual({ packages: 0, contents: 0, records: 0 });
    const chunked = { chunkedAbove: 10, chunkFiles: 2 };
    expect(await kindOf(importArchive(db, { name: 'a.zip', bytes: archive() }, chunked))).toBe('quota');
    expect(await counts(db)).toEqual({ packages: 0, contents: 0, records: 0 });
  });

  it('deletes a package with its records and the contents no other package uses', async () => {
    const db = freshDb();
    const shared = { name: 'RJ123456/shared.lrc', data: lrc(3, 'shared') };
    const a = await importArchive(db, {
      name: 'a.zip',
      bytes: makeZip([shared, { name: 'RJ123456/only-a.lrc', data: lrc(3, 'a') }]),
    });
    await importArchive(db, { name: 'b.zip', bytes: makeZip([{ ...shared, name: 'RJ999999/copy.lrc' }]) });
    expect(await counts(db)).toEqual({ packages: 2, contents: 2, records: 3 });
    await removePackage(db, a.packageId);
    expect(await counts(db)).toEqual({ packages: 1, contents: 1, records: 1 });
    expect(await subtitledWorkIds(db)).toEqual([999999]);
  });
});

describe('database versions', () => {
  it('keeps imports when a later version of the schema is opened', async () => {
    const idb = new IDBFactory();
    const db = openSubtitleDb('upgrade', { indexedDB: idb, IDBKeyRange });
    await importArchive(db, { name: 'a.zip', bytes: archive() });
    db.close();
    const last = SCHEMA_VERSIONS.at(-1);
    const next = [
      ...SCHEMA_VERSIONS,
      {
        version: (last?.version ?? 0) + 1,
        stores: { ...last?.stores, subtitle_record: `${last?.stores.subtitle_record}, created_at` },
      },
    ];
    const { default: Dexie } = await import('dexie');
    const upgraded = new Dexie('upgrade', { indexedDB: idb, IDBKeyRange }) as SubtitleDb;
    for (const v of next) upgraded.version(v.version).stores(v.stores);
    expect(await counts(upgraded)).toEqual({ packages: 1, contents: 3, records: 4 });
    expect(await subtitledWorkIds(upgraded)).toEqual([123456, 1234567]);
  });
});

describe('matching local subtitles to tracks', () => {
  it('scores every subtitle of the work per track: 0.3 title + 0.7 duration, best first', async () => {
    const db = freshDb();
    await importArchive(db, {
      name: 'm.zip',
      bytes: makeZip([
        { name: 'RJ123456/01 はじめに.lrc', data: lrc(6) },
        { name: 'RJ123456/02 耳かき.mp3.vtt', data: 'WEBVTT\n\n00:00.500 --> 00:05.000\nx' },
        { name: 'RJ999999/01 はじめに.lrc', data: lrc(6, 'other work') },
      ]),
    });
    const tracks = [
      { hash: 'a', title: '01 はじめに.wav', duration: 6 },
      { hash: 'b', title: '02 耳かき.mp3', duration: 5 },
    ];
    const byTrack = await localLyricsFor(123456, tracks, db);
    const first = byTrack.get('a') ?? [];
    expect(first.map((l) => [l.title, l.confidence])).toEqual([
      ['01 はじめに.lrc', 1],
      // titles 5 edits apart over 7 characters, durations 1 s apart
      ['02 耳かき.mp3.vtt', expect.closeTo(0.3 * (1 - 5 / 7) + 0.7 * 0.8, 5)],
    ]);
    expect(first[0]?.content).toContain('おやすみ');
    expect(first[0]?.subtitle_file_path).toBe('RJ123456/01 はじめに.lrc');
    // The .vtt named after the audio file is an exact title match.
    expect(byTrack.get('b')?.[0]).toMatchObject({ title: '02 耳かき.mp3.vtt', confidence: 1 });
    expect((await localLyricsFor(555555, tracks, db)).size).toBe(0);
  });
});
