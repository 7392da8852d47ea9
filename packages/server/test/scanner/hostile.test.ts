/**
 * Generated hostile sidecars (property-based, fast-check): several hundred works whose sidecars
 * have every field missing, null, of the wrong type, partially nested, huge, or full of unicode
 * oddities, saved as UTF-8 with and without BOM, UTF-16, truncated, with duplicate keys or in
 * the store's list shape. The library is scanned for real, then every work endpoint and every
 * list, search and recommender endpoint is asked: the scan gives a summary, and no answer is 5xx.
 *
 * Seeded and reproducible: the seed is printed; SASAYAKI_FUZZ_SEED replays one, and
 * SASAYAKI_FUZZ_WORKS changes the number of works (default 300).
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatTerm, WORK_ORDERS } from '@sasayaki/contract';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanSummary, scanLibrary } from '../../src/scanner/index.ts';
import { formatSummary } from '../../src/scanner/report.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';
import { tempDir, wav } from './helpers.ts';

const SEED = Number(process.env.SASAYAKI_FUZZ_SEED ?? 20_240_607);
const WORKS = Number(process.env.SASAYAKI_FUZZ_WORKS ?? 300);
const FIRST_ID = 1_300_000;
const codeOf = (i: number) => `RJ0${FIRST_ID + i}`;

const CIRCLES = ['囁き工房', 'Moonlit Voice', 'サークル\u200bゼロ幅', '‮rtl circle'];
const TAGS = ['耳かき', 'ASMR', '囁き', 'バイノーラル', 'e\u0301toile', '👂🏻 ear', '$tag$'];
const VAS = ['星野ひかり', 'Mio Hayase', '月城 ゆかり', 'A\u0000B'];

/** Characters that have broken text handling somewhere: controls, invisibles, bidi, surrogates. */
const oddChar = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u00ad',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u2028',
  '\ufeff',
  '\ufffe',
  '\ud800',
  '\udfff',
  'e\u0301',
  '👨‍👩‍👧',
  '🎧',
  '漢字',
  'ｶﾀｶﾅ',
  '\u3000',
  '\r\n',
  '\t',
  '\\',
  '"',
  '%',
  '$',
  ':',
);
const oddText = fc
  .array(fc.oneof(oddChar, fc.string({ maxLength: 6 }), fc.constantFrom(...TAGS, ...CIRCLES)), {
    maxLength: 10,
  })
  .map((parts) => parts.join(''));
/** A handful of works carry megabyte strings; the library stays a few tens of MB. */
const hugeText = fc.constantFrom(
  'あ'.repeat(1_000_000),
  `${'x'.repeat(1_048_576)}\u0000`,
  '🎧'.repeat(300_000),
);
const text = fc.oneof({ weight: 40, arbitrary: oddText }, { weight: 1, arbitrary: hugeText });
/** A number token JSON.stringify cannot write: replaced in the file text after stringifying. */
const BIG_NUMBER = '__1e999__';
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  text,
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom(-1, -0.5, 2 ** 53, 1e308, BIG_NUMBER, 'NaN', 'true', 'false', '12', '-3', '1,204', ''),
);

/** A field that is usually right and otherwise missing, null or of a wrong type. */
function field<T>(good: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: wrongType },
  );
}

/** A list field: usually a short list, sometimes one entry alone, rarely 100,000 entries. */
function list<T>(entry: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return field(
    fc.oneof(
      { weight: 20, arbitrary: fc.array(entry, { maxLength: 5 }) },
      { weight: 2, arbitrary: entry },
      { weight: 1, arbitrary: entry.map((e) => Array.from({ length: 100_000 }, () => e)) },
    ),
  );
}

const partial = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) =>
  fc.record(shape, { requiredKeys: [] });

const workno = fc.oneof(
  fc.integer({ min: 0, max: WORKS + 5 }).map(codeOf),
  fc.constantFrom('RJ123', 'VJ01000000', 'rj01300001', 'XX', ''),
);
const date = fc.oneof(
  fc.constantFrom('2024-06-07', '2024-02-30', '2019/10/5', '0000-00-00', '9999-99-99', '2024-06-07 16:00:00'),
  text,
);
const count = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer());
const localeName = field(fc.oneof(partial({ name: field(text), censored: field(text) }), text));

const tag = fc.oneof(
  partial({
    id: field(fc.integer({ min: 1, max: 40 })),
    name: field(fc.oneof(fc.constantFrom(...TAGS), text)),
    i18n: field(partial({ 'en-us': localeName, 'ja-jp': localeName, 'zh-cn': localeName })),
  }),
  fc.constantFrom(...TAGS),
);

/** A work object in this API's shape, the store's, or both mixed, every key optional. */
const workObject = partial({
  title: field(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('耳かき ASMR', 'Whisper 囁き') },
      { weight: 5, arbitrary: text },
    ),
  ),
  title_en: field(text),
  work_name: field(text),
  circle: field(
    fc.oneof(
      partial({
        id: field(fc.integer({ min: 1, max: 30 })),
        name: field(fc.oneof(fc.constantFrom(...CIRCLES), text)),
        source_id: field(text),
      }),
      fc.constantFrom(...CIRCLES),
    ),
  ),
  name: field(text),
  circle_id: field(fc.integer()),
  maker_id: field(fc.constantFrom('RG12345', 'RG', 'RG99999999999')),
  maker_name: field(fc.constantFrom(...CIRCLES)),
  vas: list(
    fc.oneof(partial({ name: field(fc.oneof(fc.constantFrom(...VAS), text)) }), fc.constantFrom(...VAS)),
  ),
  creaters: field(partial({ voice_by: list(partial({ name: field(fc.constantFrom(...VAS)) })) })),
  tags: list(tag),
  genres: list(tag),
  nsfw: field(fc.boolean()),
  age_category_string: field(fc.constantFrom('general', 'r15', 'adult', 'R-18', 'kids')),
  age_category: field(fc.integer({ min: 0, max: 4 })),
  release: field(date),
  regist_date: field(date),
  price: field(count),
  dl_count: field(count),
  rate_count: field(count),
  rate_average_2dp: field(fc.double({ min: -10, max: 10, noNaN: true })),
  rate_count_detail: list(
    partial({
      review_point: field(fc.integer({ min: 0, max: 6 })),
      count: field(count),
      ratio: field(count),
    }),
  ),
  rank: list(
    partial({
      term: field(fc.constantFrom('day', 'week', 'month')),
      category: field(text),
      rank: field(count),
      rank_date: field(date),
    }),
  ),
  language_editions: list(
    partial({
      lang: field(fc.constantFrom('JPN', 'ENG', 'CHI_HANS')),
      label: field(text),
      workno: field(workno),
      edition_id: field(count),
      edition_type: field(text),
      display_order: field(count),
    }),
  ),
  translation_info: field(
    partial({
      lang: field(fc.constantFrom('JPN', 'ENG')),
      is_original: field(fc.boolean()),
      is_parent: field(fc.boolean()),
      is_child: field(fc.boolean()),
      original_workno: field(workno),
      parent_workno: field(workno),
      child_worknos: list(workno),
    }),
  ),
  original_workno: field(workno),
  lang: field(fc.constantFrom('JPN', 'ENG')),
  work_attributes: field(fc.oneof(text, fc.array(text, { maxLength: 3 }))),
  cover: field(text),
  mainCoverUrl: field(text),
  image_main: field(partial({ url: field(text) })),
  unknown_key: field(text),
});

type Encoding = 'utf8' | 'utf8-bom' | 'utf16le-bom' | 'utf16le' | 'utf16be-bom' | 'shift_jis';
type Mangle = 'none' | 'truncated' | 'duplicate-keys' | 'store-list' | 'not-an-object' | 'empty';

const sidecarFile = fc.record({
  work: workObject,
  encoding: fc.constantFrom<Encoding>(
    'utf8',
    'utf8',
    'utf8',
    'utf8-bom',
    'utf16le-bom',
    'utf16le',
    'utf16be-bom',
    'shift_jis',
  ),
  mangle: fc.oneof(
    { weight: 12, arbitrary: fc.constant<Mangle>('none') },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Mangle>(
        'truncated',
        'duplicate-keys',
        'store-list',
        'not-an-object',
        'empty',
      ),
    },
  ),
  cut: fc.double({ min: 0, max: 1, noNaN: true }),
  fileName: fc.constantFrom('work.json', 'WORK.JSON', 'code'),
  // File systems refuse '/' and NUL in names; lone surrogates cannot be spelled on disk.
  folderSuffix: fc.oneof(
    fc.constant(''),
    oddText.map((s) =>
      s
        .replaceAll('\u0000', '')
        .replace(/[/\ud800-\udfff]/g, '')
        .slice(0, 40),
    ),
  ),
  cover: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

function encode(textJson: string, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'utf8':
      return Buffer.from(textJson, 'utf8');
    case 'utf8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(textJson, 'utf8')]);
    case 'utf16le-bom':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(textJson, 'utf16le')]);
    case 'utf16le':
      return Buffer.from(textJson, 'utf16le');
    case 'utf16be-bom':
      return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(textJson, 'utf16le').swap16()]);
    case 'shift_jis':
      return iconv.encode(textJson, 'shift_jis');
  }
}

type SidecarFile = typeof sidecarFile extends fc.Arbitrary<infer S> ? S : never;

function fileContent(f: SidecarFile): Buffer {
  let json = JSON.stringify(f.mangle === 'store-list' ? [f.work] : f.work) ?? 'null';
  json = json.replaceAll(`"${BIG_NUMBER}"`, '1e999');
  if (f.mangle === 'truncated') json = json.slice(0, Math.floor(json.length * f.cut));
  if (f.mangle === 'duplicate-keys') json = json.replace(/^\{/, '{"title":"first of two","title":[1],');
  if (f.mangle === 'not-an-object') json = JSON.stringify(f.cut > 0.5 ? 'a string' : [1, 2, 3]);
  if (f.mangle === 'empty') json = '';
  return encode(json, f.encoding);
}

let lib: string;
const ids: number[] = [];

beforeAll(async () => {
  process.stdout.write(
    `[hostile sidecars] seed ${SEED}, ${WORKS} works (replay: SASAYAKI_FUZZ_SEED=${SEED} SASAYAKI_FUZZ_WORKS=${WORKS})\n`,
  );
  lib = tempDir('sasayaki-hostile-');
  const files = fc.sample(sidecarFile, { seed: SEED, numRuns: WORKS });
  const audio = wav(0.05);
  const cover = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  for (const [i, f] of files.entries()) {
    const code = codeOf(i);
    const dir = path.join(lib, `g${i % 10}`, `${code}${f.folderSuffix ? ` ${f.folderSuffix}` : ''}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, f.fileName === 'code' ? `${code}.json` : f.fileName), fileContent(f));
    fs.writeFileSync(path.join(dir, '01.wav'), audio);
    if (f.cover) fs.writeFileSync(path.join(dir, 'cover.jpg'), cover);
    ids.push(FIRST_ID + i);
  }
}, 120_000);
afterAll(() => fs.rmSync(lib, { recursive: true, force: true }));

describe.each(DIALECTS)('a library of generated hostile sidecars on %s', (dialect) => {
  let ta: TestApp;
  let summary: ScanSummary;

  beforeAll(async () => {
    ta = await startTestApp(dialect, { libraryRoots: [lib] });
    summary = await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
  }, 120_000);
  afterAll(() => ta?.close());

  /** Every answer is 2xx, or a 4xx that says why. */
  async function ask(method: 'GET' | 'POST', url: string, body?: object) {
    const res = await ta.app.inject({ method, url, ...(body ? { payload: body } : {}) });
    const what = `${method} ${url} ${body ? JSON.stringify(body) : ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode < 500, what).toBe(true);
    if (res.statusCode >= 400) expect(typeof res.json().error, what).toBe('string');
    return res;
  }

  it('imports every work, repaired where needed, and reports what it did', () => {
    expect(summary.worksAdded, formatSummary(summary).slice(0, 3000)).toBe(WORKS);
    // Only the sidecars themselves are reported (unreadable, empty): nothing else went wrong.
    const others = summary.errors.filter((e) => !/^(sidecar |empty file skipped)/.test(e.message));
    expect(others).toEqual([]);
    expect(summary.repairs.works).toBeGreaterThan(WORKS / 2);
    expect(formatSummary(summary)).toMatch(/metadata repaired in \d+ works/);
  });

  it('answers every work endpoint without a server error', async () => {
    for (const [i, id] of ids.entries()) {
      for (const url of [`/api/workInfo/${id}`, `/api/work/${id}`, `/api/tracks/${id}`]) {
        expect((await ask('GET', url)).statusCode, url).toBe(200);
      }
      // Covers cost an image encoding each: every work's one size in turn.
      const type = ['main', 'sam', '240x240'][i % 3];
      expect((await ask('GET', `/api/cover/${id}.jpg?type=${type}`)).statusCode).toBe(200);
    }
  }, 120_000);

  it('lists every work in every order, a page of 100 at a time', async () => {
    for (const order of WORK_ORDERS) {
      for (const sort of ['asc', 'desc']) {
        const seen = new Set<number>();
        for (let page = 1; page <= Math.ceil(WORKS / 100); page++) {
          const res = await ask('GET', `/api/works?order=${order}&sort=${sort}&page=${page}&pageSize=100`);
          for (const w of res.json().works) seen.add(w.id);
        }
        if (order !== 'betterRandom') expect(seen.size, `${order} ${sort}`).toBe(WORKS);
      }
    }
  }, 120_000);

  it('searches by plain words and by every namespace the data touches', async () => {
    type Entity = { id: number | string; name: string };
    const lists: Record<string, Entity[]> = Object.fromEntries(
      await Promise.all(
        (['circles', 'tags', 'vas'] as const).map(async (kind) => {
          const res = await ask('GET', `/api/${kind}`);
          expect(res.statusCode).toBe(200);
          return [kind, res.json() as Entity[]];
        }),
      ),
    );
    const names = (kind: string) => lists[kind]!.slice(0, 15).map((e) => e.name);
    const terms = [
      ...names('tags').flatMap((v) => [
        { namespace: 'tag', value: v },
        { namespace: 'tagw', value: v },
      ]),
      ...names('circles').map((v) => ({ namespace: 'circle', value: v })),
      ...names('vas').map((v) => ({ namespace: 'va', value: v })),
      ...[
        'rate:3',
        'price:500',
        'sell:100',
        'age:r15',
        'age:general',
        'duration:0',
        'lang:ENG',
        'lang:JPN',
      ].map((s) => ({ namespace: s.split(':')[0]!, value: s.split(':')[1]! })),
    ];
    const keywords = [
      '耳かき',
      'ASMR',
      '囁き',
      '👨‍👩‍👧',
      'e\u0301',
      codeOf(7),
      ...terms.map((t) => formatTerm({ type: 'fullSpecial', isExclude: false, ...t })),
    ];
    for (const kw of keywords) {
      expect((await ask('GET', `/api/search/${encodeURIComponent(kw)}?pageSize=100`)).statusCode, kw).toBe(
        200,
      );
    }
    for (const kind of ['circles', 'tags', 'vas'] as const) {
      for (const e of lists[kind]!.slice(0, 15)) {
        await ask('GET', `/api/${kind}/${encodeURIComponent(String(e.id))}/works?pageSize=100`);
      }
    }
  }, 120_000);

  it('recommends without a server error', async () => {
    expect((await ask('POST', '/api/recommender/popular', { pageSize: 100 })).statusCode).toBe(200);
    for (const id of ids.slice(0, 40)) {
      await ask('POST', '/api/recommender/item-neighbors', { itemId: id, pageSize: 100 });
    }
  }, 60_000);
});
