/**
 * The scanner's rules on their own: folder recognition on a real tree, folder-name metadata,
 * subtitle links, charsets, covers, durations, sidecar and store parsers.
 */
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { detectCharset } from '../../src/scanner/charset.ts';
import { chooseCover } from '../../src/scanner/cover.ts';
import { fileTypeOf } from '../../src/scanner/fileTypes.ts';
import { dlsiteProvider, parseDlsiteProduct } from '../../src/scanner/metadata/dlsite.ts';
import { metadataFromFolderName } from '../../src/scanner/metadata/folderName.ts';
import { parseWorkObject, sidecarNames } from '../../src/scanner/metadata/sidecar.ts';
import { linkSubtitles } from '../../src/scanner/subtitleLinks.ts';
import { searchText, workDuration } from '../../src/scanner/summary.ts';
import { findWorkFolders } from '../../src/scanner/walk.ts';
import { tempDir } from './helpers.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('work folder recognition', () => {
  it('finds every folder style at any depth, and nothing else', async () => {
    const root = tempDir();
    dirs.push(root);
    const folders = [
      'RJ123456',
      'RJ01234567 - Title',
      '[Circle] RJ01234568 Title',
      'RJ01234569_Title',
      'group/sub group/RJ01000001 nested',
      'VJ012345 ボイスドラマ',
      'BJ301234 本',
      'rj01000002 lower case',
      // not work codes
      'XRJ01234567Y',
      'RJ12345 too short',
      'RJ123456789 too long',
      'ARJ01000003',
      'RJ01000004x',
    ];
    for (const f of folders) fs.mkdirSync(path.join(root, f), { recursive: true });
    // A work-code folder inside a work is part of the outer work.
    fs.mkdirSync(path.join(root, 'RJ123456', 'RJ09999999 bonus'), { recursive: true });
    const { folders: found, issues } = await findWorkFolders([root]);
    expect(issues).toEqual([]);
    expect(found.map((f) => [f.relPath, f.code.code, f.id]).sort()).toEqual(
      [
        ['RJ123456', 'RJ123456', 123456],
        ['RJ01234567 - Title', 'RJ01234567', 1234567],
        ['[Circle] RJ01234568 Title', 'RJ01234568', 1234568],
        ['RJ01234569_Title', 'RJ01234569', 1234569],
        ['group/sub group/RJ01000001 nested', 'RJ01000001', 1000001],
        ['VJ012345 ボイスドラマ', 'VJ012345', 200_012_345],
        ['BJ301234 本', 'BJ301234', 100_301_234],
        ['rj01000002 lower case', 'RJ01000002', 1000002],
      ].sort(),
    );
  });

  it('reports a link back into the library (a loop) and a dangling link, and goes on', async () => {
    const root = tempDir();
    dirs.push(root);
    fs.mkdirSync(path.join(root, 'g/RJ01000001 a'), { recursive: true });
    fs.symlinkSync('..', path.join(root, 'g/loop'));
    fs.symlinkSync(path.join(root, 'nowhere'), path.join(root, 'dangling'));
    const d = await findWorkFolders([root]);
    expect(d.folders.map((f) => f.relPath)).toEqual(['g/RJ01000001 a']);
    // A link back to a folder the walk holds already (here an ancestor) adds nothing: reported.
    expect(d.issues.map((i) => i.message).join('\n')).toMatch(/symlink loop|already in the library/);
    expect(d.issues.map((i) => i.path)).toContain(path.join(root, 'dangling'));
  });
});

describe('folder-name metadata', () => {
  it.each([
    ['[Circle] RJ01234567 Title', 'Title', 'Circle'],
    ['RJ01234567 - 耳かきの夜', '耳かきの夜', null],
    ['RJ01234567_Rainy_Night', 'Rainy Night', null],
    ['RJ01234567 [おやすみ堂] 森の癒し', '森の癒し', 'おやすみ堂'],
    ['【サークル】RJ01234567 タイトル', 'タイトル', 'サークル'],
    ['RJ01234567 [ENG] Title', '[ENG] Title', null],
    ['[中文] RJ01234567 标题', '[中文] 标题', null],
    ['RJ01234567', 'RJ01234567', null],
  ])('%s → title %s, circle %s', (name, title, circle) => {
    const m = metadataFromFolderName(name, 'RJ01234567');
    expect(m.title).toBe(title);
    expect(m.circle?.name ?? null).toBe(circle);
    expect(m.source).toBe('folder');
  });
});

describe('subtitle links', () => {
  it('links every naming form in the same folder only', () => {
    const files = [
      'a/01.mp3',
      'a/01.lrc',
      'a/02.mp3',
      'a/02.mp3.vtt',
      'a/03.wav',
      'a/03.srt',
      'a/04.flac',
      'a/04.ass',
      'a/05.mp3',
      'a/05.vtt',
      'b/05.lrc',
      'a/readme.txt',
      'a/99.lrc',
    ].map((p) => ({ path: p, type: fileTypeOf(p) }));
    expect(Object.fromEntries(linkSubtitles(files))).toEqual({
      'a/01.lrc': 'a/01.mp3',
      'a/02.mp3.vtt': 'a/02.mp3',
      'a/03.srt': 'a/03.wav',
      'a/04.ass': 'a/04.flac',
      'a/05.vtt': 'a/05.mp3',
    });
  });

  it('prefers the full-name match when two formats share a base name', () => {
    const files = ['01.mp3', '01.wav', '01.wav.lrc'].map((p) => ({ path: p, type: fileTypeOf(p) }));
    expect(linkSubtitles(files).get('01.wav.lrc')).toBe('01.wav');
  });
});

describe('charset detection', () => {
  const ja = '[00:00.50]おかえりなさい、今日もお疲れさま。\n[00:02.50]耳、さわってもいいかな？\n';
  const zh = '[00:00.50]欢迎回来，今天也辛苦了。\n[00:02.50]可以碰一下你的耳朵吗？慢慢地深呼吸。\n';
  it('tells UTF-8, BOM, Shift_JIS and GBK apart', () => {
    expect(detectCharset(Buffer.from(ja))).toBe('utf-8');
    expect(detectCharset(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ja)]))).toBe('utf-8');
    expect(detectCharset(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBe('utf-16le');
    expect(detectCharset(iconv.encode(ja, 'shift_jis'))).toBe('shift_jis');
    expect(detectCharset(iconv.encode(zh, 'gbk'))).toBe('gbk');
  });
  it('does not call a sample cut inside a UTF-8 character anything but UTF-8', () => {
    const buf = Buffer.from(ja);
    expect(detectCharset(buf.subarray(0, buf.length - 2), true)).toBe('utf-8');
  });
});

describe('covers', () => {
  it('follows the naming rules, then the metadata image, then the first image', () => {
    // The rule order decides first (cover before folder), depth only among one rule's hits.
    expect(chooseCover('RJ01', ['a.png', 'x/cover.png', 'folder.jpg', 'main.jpg'])).toBe('x/cover.png');
    expect(chooseCover('RJ01', ['x/cover.png', 'cover.jpg'])).toBe('cover.jpg');
    expect(chooseCover('RJ01', ['a.png', 'folder.jpg', 'main.jpg'])).toBe('folder.jpg');
    expect(chooseCover('RJ01', ['a.png', 'x/cover.png', 'main.jpg'])).toBe('x/cover.png');
    expect(chooseCover('RJ01', ['a.png', 'Main.JPG'])).toBe('Main.JPG');
    expect(chooseCover('RJ01', ['b.png', 'img/RJ01_img_main.webp'])).toBe('img/RJ01_img_main.webp');
    expect(chooseCover('RJ01', ['b.png', 'img/sam.jpg'], 'sam.jpg')).toBe('img/sam.jpg');
    expect(chooseCover('RJ01', ['z/a.png', 'b.png', 'c.txt'])).toBe('b.png');
    expect(chooseCover('RJ01', ['c.txt', '01.mp3'])).toBeNull();
  });
});

describe('work duration', () => {
  it('sums different tracks and counts folders with the same tracks once (longest)', () => {
    expect(
      workDuration([
        { path: 'mp3/01.mp3', duration: 10.2 },
        { path: 'mp3/02.mp3', duration: 20.2 },
        { path: 'wav/01.wav', duration: 10 },
        { path: 'wav/02.wav', duration: 20 },
        { path: 'bonus/99.mp3', duration: 5 },
      ]),
    ).toBe(Math.round(10.2 + 20.2 + 5));
    expect(
      workDuration([
        { path: '01.wav', duration: 3 },
        { path: '02.wav', duration: 4 },
      ]),
    ).toBe(7);
  });
});

describe('sidecar metadata', () => {
  const work = {
    id: 1234567,
    source_id: 'RJ01234567',
    title: '耳かきと囁きの夜',
    title_en: 'A Night of Whispers',
    circle_id: 47049,
    name: 'ささやき工房',
    circle: { id: 47049, name: 'ささやき工房', source_id: 'RG47049', source_type: 'DLSITE' },
    vas: [{ id: 'x', name: '星野ひかり' }],
    tags: [
      {
        id: 497,
        name: '耳かき',
        i18n: { 'en-us': { name: 'ear cleaning' }, 'ja-jp': { name: '耳かき' }, 'zh-cn': { name: '掏耳朵' } },
      },
    ],
    age_category_string: 'r15',
    release: '2024-08-10',
    price: 1320,
    dl_count: 12034,
    rate_count: 3,
    rate_average_2dp: 4.67,
    rate_count_detail: [
      { review_point: 4, count: 1, ratio: 33 },
      { review_point: 5, count: 2, ratio: 67 },
    ],
    translation_info: { lang: 'JPN', is_original: true },
    mainCoverUrl: 'http://x/api/cover/1234567.jpg?type=main',
  };

  it('reads the API work object', () => {
    const m = parseWorkObject(work)!;
    expect(m).toMatchObject({
      source: 'sidecar',
      title: '耳かきと囁きの夜',
      altTitles: ['A Night of Whispers'],
      circle: { id: 47049, name: 'ささやき工房', sourceId: 'RG47049' },
      vas: ['星野ひかり'],
      tags: [{ id: 497, name: '耳かき', en: 'ear cleaning', ja: '耳かき', zh: '掏耳朵' }],
      ageCategory: 'r15',
      release: '2024-08-10',
      price: 1320,
      dlCount: 12034,
      rateDetail: [0, 0, 0, 1, 2],
      lang: 'JPN',
      coverHint: '1234567.jpg',
    });
  });

  it('refuses JSON that is not a work object', () => {
    expect(parseWorkObject({ works: [] })).toBeNull();
    expect(parseWorkObject([1, 2])).toBeNull();
  });

  it('looks for work.json first, then the code-named file, in any case', () => {
    expect(sidecarNames('RJ01234567', ['rj01234567.JSON', 'Work.json', 'other.json'])).toEqual([
      'Work.json',
      'rj01234567.JSON',
    ]);
  });

  it('builds search text from every name in every locale', () => {
    const text = searchText(parseWorkObject(work)!);
    for (const s of [
      '耳かきと囁きの夜',
      'a night of whispers',
      'ささやき工房',
      '星野ひかり',
      'ear cleaning',
      '掏耳朵',
    ]) {
      expect(text).toContain(s);
    }
  });
});

describe('store provider (recorded response)', () => {
  const recorded = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, 'fixtures/dlsite-product.json'), 'utf8'),
  );

  it('maps the product API to metadata', () => {
    const m = parseDlsiteProduct(recorded)!;
    expect(m).toMatchObject({
      source: 'dlsite',
      title: '【耳かき・囁き】星見の丘の耳かき屋さん【バイノーラル】',
      circle: { id: 47049, name: 'ささやき工房', sourceId: 'RG47049' },
      vas: ['星野ひかり', '月城ゆかり'],
      release: '2023-11-18',
      ageCategory: 'r15',
      price: 1320,
      dlCount: 4521,
      rateCount: 310,
      rateAverage: 4.71,
      rateDetail: [2, 3, 10, 45, 250],
      lang: 'JPN',
      coverHint: 'RJ01098765_img_main.jpg',
    });
    expect(m.tags.map((t) => [t.id, t.name])).toEqual([
      [497, '耳かき'],
      [494, '囁き'],
      [477, 'バイノーラル/ダミヘ'],
    ]);
  });

  it('asks the product API for the code through the injected fetch', async () => {
    const urls: string[] = [];
    const provider = dlsiteProvider(async (url) => {
      urls.push(url);
      return { ok: true, status: 200, json: async () => recorded };
    });
    expect((await provider.lookup('RJ01098765'))?.title).toMatch(/星見の丘/);
    expect(urls).toEqual(['https://www.dlsite.com/maniax/api/=/product.json?workno=RJ01098765']);
    const missing = dlsiteProvider(async () => ({ ok: true, status: 200, json: async () => [] }));
    expect(await missing.lookup('RJ01000000')).toBeNull();
    const down = dlsiteProvider(async () => ({ ok: false, status: 503, json: async () => null }));
    await expect(down.lookup('RJ01000000')).rejects.toThrow(/503/);
  });
});

describe('file types', () => {
  it.each([
    ['a.MP3', 'audio'],
    ['a.flac', 'audio'],
    ['a.m4a', 'audio'],
    ['a.lrc', 'text'],
    ['a.txt', 'text'],
    ['a.JPG', 'image'],
    ['a.mp4', 'other'],
    ['a.mkv', 'other'],
    ['a.avi', 'other'],
    ['a.pdf', 'other'],
    ['noext', 'other'],
  ])('%s is %s', (name, type) => {
    expect(fileTypeOf(name)).toBe(type);
  });
});
