/**
 * Sidecars as other tools and people write them: the store's raw product JSON, a downloader's
 * saved `/api/work` answer (an edition without ids, an explicit `nsfw: false` on an r15 work),
 * a hand-edited file in Shift_JIS with Windows line endings, and one with comments and trailing
 * commas (not JSON: reported, the folder name is used). Scanned for real, read back through the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanSummary, scanLibrary } from '../../src/scanner/index.ts';
import { formatSummary } from '../../src/scanner/report.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedUser } from '../helpers/seed.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { tempDir, writeTree } from './helpers.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'sidecars');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let lib: string;
beforeAll(() => {
  lib = tempDir('sasayaki-sidecars-');
  writeTree(lib, {
    'store/RJ01211111/RJ01211111.json': fixture('store-product.json'),
    'store/RJ01211111/01.wav': 1,
    'downloaded/RJ01222222 Whispering Lighthouse/RJ01222222.json': fixture('downloader-api-work.json'),
    'downloaded/RJ01222222 Whispering Lighthouse/01.wav': 1,
    'downloaded/RJ01222221 灯台の囁き/01.wav': 1,
    'hand/RJ01233333/work.json': fixture('hand-edited-shift_jis.json'),
    'hand/RJ01233333/01.wav': 1,
    'hand/[メモ工房] RJ01244444 フォルダ名の題/work.json': fixture('comments-trailing-commas.json'),
    'hand/[メモ工房] RJ01244444 フォルダ名の題/01.wav': 1,
  });
});
afterAll(() => fs.rmSync(lib, { recursive: true, force: true }));

describe.each(DIALECTS)('sidecars from other tools on %s', (dialect) => {
  let ta: TestApp;
  let summary: ScanSummary;
  const work = async (id: number) => {
    const res = await ta.app.inject({ method: 'GET', url: `/api/workInfo/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    ta = await startTestApp(dialect, { libraryRoots: [lib] });
    summary = await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
  });
  afterAll(() => ta.close());

  it('imports every work; the file that is not JSON is reported and the folder name used', async () => {
    expect(summary.worksAdded).toBe(5);
    expect(summary.errors).toEqual([
      expect.objectContaining({
        path: expect.stringContaining('RJ01244444'),
        message: expect.stringMatching(/^sidecar unreadable .*: next metadata source used$/),
      }),
    ]);
    const w = await work(1244444);
    expect([w.title, w.name]).toEqual(['フォルダ名の題', 'メモ工房']);
  });

  it('reads the store product JSON as saved', async () => {
    const w = await work(1211111);
    expect(w.title).toBe('【癒やし】雨音と縁側のひととき【ASMR】');
    expect(w.circle).toMatchObject({ id: 60001, name: '縁側レコード', source_id: 'RG60001' });
    expect(w.vas.map((v: { name: string }) => v.name)).toEqual(['雪村あおい']);
    expect(w.tags.map((t: { id: number }) => t.id).sort()).toEqual([498, 505]);
    expect([w.age_category_string, w.nsfw, w.release, w.price, w.dl_count]).toEqual([
      'r15',
      true,
      '2024-06-07',
      990,
      1204,
    ]);
    expect(w.rank).toEqual([{ term: 'day', category: 'voice', rank: 4, rank_date: '2024-06-09' }]);
  });

  it("keeps a saved answer's explicit nsfw: false and completes its editions", async () => {
    const w = await work(1222222);
    expect([w.age_category_string, w.nsfw]).toEqual(['r15', false]);
    expect(w.language_editions).toEqual([
      {
        lang: 'JPN',
        label: '日本語',
        workno: 'RJ01222221',
        edition_id: 0,
        edition_type: 'language',
        display_order: 1,
      },
      {
        lang: 'ENG',
        label: 'English',
        workno: 'RJ01222222',
        edition_id: 0,
        edition_type: 'language',
        display_order: 2,
      },
    ]);
    expect(w.other_language_editions_in_db.map((e: { source_id: string }) => e.source_id)).toEqual([
      'RJ01222221',
    ]);
    // 30 February is no date: dropped, not stored.
    expect(w.release).toBe('');
    const list = await ta.app.inject({ method: 'GET', url: '/api/works?pageSize=100' });
    expect(list.statusCode).toBe(200);
    expect(list.json().works).toHaveLength(5);
  });

  it('decodes a hand-edited Shift_JIS file with Windows line endings and coerces its values', async () => {
    const w = await work(1233333);
    expect(w.title).toBe('手書きの設定ファイル　～秋の夜長に～');
    expect(w.name).toBe('夜長堂');
    expect(w.vas.map((v: { name: string }) => v.name)).toEqual(['秋月しおり']);
    expect(w.tags.map((t: { name: string }) => t.name).sort()).toEqual(['ささやき', '添い寝']);
    expect(w.tags.find((t: { name: string }) => t.name === '添い寝').i18n['en-us'].name).toBe(
      'Sleeping together',
    );
    expect([w.age_category_string, w.nsfw, w.dl_count, w.rate_average_2dp, w.release]).toEqual([
      'r15',
      false,
      2500,
      5,
      '2019-10-05',
    ]);
  });

  it('reports which fields were repaired, in the summary and its printed form', () => {
    expect(summary.repairs.works).toBe(3);
    expect(summary.repairs.fields).toMatchObject({
      'language_editions.edition_id': 1,
      'language_editions.display_order': 1,
      release: 1,
      nsfw: 1,
      rate_average_2dp: 1,
      dl_count: 2,
    });
    expect(summary.repairs.examples.length).toBeGreaterThan(0);
    const text = formatSummary(summary);
    expect(text).toMatch(
      /metadata repaired in 3 works \(imported all the same\): .*language_editions\.edition_id 1/,
    );
    expect(text).toContain('repaired: ');
  });

  it('answers the repairs in the admin rescan (a full rescan reads every work again)', async () => {
    const admin = await seedUser(ta.db, 'scanadmin');
    await ta.db.updateTable('users').set({ grp: 'administrator' }).where('id', '=', admin).execute();
    const res = await ta.app.inject({
      method: 'POST',
      url: '/api/admin/rescan',
      headers: { authorization: `Bearer ${await tokenFor(ta, admin)}` },
      payload: { full: true, wait: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().summary.repairs).toMatchObject({
      works: 3,
      fields: { 'language_editions.edition_id': 1, nsfw: 1 },
    });
  });
});
