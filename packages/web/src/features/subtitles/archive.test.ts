import { describe, expect, it } from 'vitest';
import { concat, GBK, makeZip, SJIS } from '../../../test/zips.ts';
import { hashWithoutBom, isWanted, subtitleBatches, workIdsOfPath } from './archive.ts';
import { ImportError } from './errors.ts';
import { isZip, legacyNameEncoding, zipEntryNames } from './zipNames.ts';

const LRC = '[00:01.00]こんばんは\n[00:04.50]おやすみ';
const paths = (zip: Uint8Array, batchSize = Number.POSITIVE_INFINITY) =>
  [...subtitleBatches(zip, { batchSize })].map((b) => b.map((f) => f.path));

describe('work codes from a path', () => {
  it('reads RJ/VJ/BJ codes of 6 to 8 digits from every segment, as whole words', () => {
    expect(workIdsOfPath('RJ01234567 耳かき/字幕/01.lrc')).toEqual([1234567]);
    expect(workIdsOfPath('subs/rj123456.zip/[circle] VJ015001 + BJ301234/RJ123456 01.vtt')).toEqual([
      123456, 200015001, 100301234,
    ]);
    expect(workIdsOfPath('XRJ123456/RJ12345/RJ123456789/a.lrc')).toEqual([]);
    expect(workIdsOfPath('RJ123456_日本語/RJ123456.srt')).toEqual([123456]);
  });
});

describe('file names', () => {
  it('tells a zip by its signature', () => {
    expect(isZip(makeZip([{ name: 'a.lrc', data: LRC }]))).toBe(true);
    expect(isZip(makeZip([]))).toBe(true);
    expect(isZip(new TextEncoder().encode('Rar!\x1a\x07\x00 not a zip at all, really'))).toBe(false);
    expect(isZip(new Uint8Array([0x50, 0x4b]))).toBe(false);
  });

  it('decodes unflagged Shift_JIS and GBK names, and flagged UTF-8 ones', () => {
    const sjis = makeZip([
      { name: concat('RJ123456/', SJIS.jimaku, '/', SJIS.oyasumiLrc), data: LRC },
      { name: 'RJ123456/readme.txt', data: 'x' },
    ]);
    expect(zipEntryNames(sjis)).toEqual(['RJ123456/字幕/おやすみ.lrc', 'RJ123456/readme.txt']);
    const gbk = makeZip([{ name: concat('RJ123456/', GBK.zimu, '/', GBK.wananLrc), data: LRC }]);
    expect(zipEntryNames(gbk)).toEqual(['RJ123456/字幕/晚安.lrc']);
    const utf8 = makeZip([{ name: 'RJ123456/字幕/晚安.lrc', data: LRC }]);
    expect(zipEntryNames(utf8)).toEqual(['RJ123456/字幕/晚安.lrc']);
    // UTF-8 bytes without the flag (many newer tools) are read as UTF-8.
    const unflagged = makeZip([{ name: new TextEncoder().encode('RJ123456/おやすみ.lrc'), data: LRC }]);
    expect(zipEntryNames(unflagged)).toEqual(['RJ123456/おやすみ.lrc']);
  });

  it('chooses one encoding from all the names together', () => {
    expect(legacyNameEncoding([new TextEncoder().encode('abc')])).toBe('utf-8');
    expect(legacyNameEncoding([SJIS.jimaku, SJIS.oyasumiLrc])).toBe('shift_jis');
    expect(legacyNameEncoding([GBK.zimu, GBK.wananLrc])).toBe('gbk');
  });
});

describe('walking an archive', () => {
  it('keeps only .lrc/.vtt/.srt/.ass, skips __MACOSX and resource forks, unpacks nested zips', () => {
    const inner = makeZip([
      { name: 'RJ01234567/01.vtt', data: 'WEBVTT\n\n00:00.000 --> 00:02.000\nやあ' },
      { name: 'deeper.zip', data: makeZip([{ name: 'RJ123456/b.ass', data: '[Script Info]' }]) },
    ]);
    const zip = makeZip([
      { name: 'RJ123456/a.lrc', data: LRC },
      { name: 'RJ123456/a.SRT', data: '1\n00:00:01,000 --> 00:00:02,000\nx' },
      { name: 'RJ123456/cover.jpg', data: 'jpeg' },
      { name: 'RJ123456/notes.txt', data: 'txt' },
      { name: '__MACOSX/RJ123456/._a.lrc', data: 'fork' },
      { name: 'RJ123456/._b.lrc', data: 'fork' },
      { name: 'RJ123456/', data: '' },
      { name: 'more/inner.zip', data: inner },
    ]);
    expect(paths(zip).flat()).toEqual([
      'RJ123456/a.lrc',
      'RJ123456/a.SRT',
      'more/inner.zip/RJ01234567/01.vtt',
      'more/inner.zip/deeper.zip/RJ123456/b.ass',
    ]);
    expect(isWanted('x/__MACOSX/a.lrc')).toBe(false);
    expect(isWanted('a.lrc.bak')).toBe(false);
  });

  it('decompresses in batches and counts what it finds, nested archives included', () => {
    const entries = Array.from({ length: 7 }, (_, i) => ({
      name: `RJ123456/${i}.lrc`,
      data: `[00:0${i}.00]${i}`,
    }));
    entries.push({ name: 'n.zip', data: makeZip([{ name: 'RJ123456/x.lrc', data: LRC }]) } as never);
    let found = 0;
    const batches = [...subtitleBatches(makeZip(entries), { batchSize: 3, onFound: (n) => (found += n) })];
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1, 1]);
    expect(found).toBe(8);
    expect(new TextDecoder().decode(batches[2]?.[0]?.bytes)).toBe('[00:06.00]6');
  });

  it('reports a corrupt archive as a decompression failure', () => {
    const good = makeZip([{ name: 'RJ123456/a.lrc', data: LRC.repeat(50) }]);
    const broken = good.slice();
    broken.fill(0xff, 40, 90); // inside the compressed data
    expect(() => paths(broken)).toThrow(ImportError);
    try {
      paths(broken);
    } catch (e) {
      expect((e as ImportError).kind).toBe('corrupt');
    }
    const truncated = good.slice(0, good.length - 30);
    expect(() => paths(truncated)).toThrow(expect.objectContaining({ kind: 'corrupt' }));
  });
});

describe('hashing', () => {
  it('ignores a leading byte-order mark and nothing else', async () => {
    const text = new TextEncoder().encode(LRC);
    const withBom = concat(new Uint8Array([0xef, 0xbb, 0xbf]), text);
    expect(await hashWithoutBom(withBom)).toBe(await hashWithoutBom(text));
    expect(await hashWithoutBom(text)).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashWithoutBom(concat(text, ' '))).not.toBe(await hashWithoutBom(text));
    // SHA-256 of "abc"
    expect(await hashWithoutBom(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
