/**
 * Scanning the generated demo library on both databases: every work, duration, subtitle link,
 * charset, cover and metadata field lands where it should; an unchanged rescan parses no audio.
 */
import fs from 'node:fs';
import { v5 as uuidv5 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoLibrary, generateDemoLibrary } from '../../src/demo/generate.ts';
import { probeDuration } from '../../src/scanner/audio.ts';
import { DIALECTS } from '../helpers/db.ts';
import { countingProbe, type ScanFixture, scanFixture, tempDir } from './helpers.ts';

let demo: DemoLibrary;
const root = tempDir('sasayaki-demo-');

beforeAll(async () => {
  demo = await generateDemoLibrary(root);
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe.each(DIALECTS)('demo library scan (%s)', (dialect) => {
  let fx: ScanFixture;
  let first: Awaited<ReturnType<ScanFixture['scan']>>;
  let firstProbes: string[];

  beforeAll(async () => {
    fx = await scanFixture(dialect, [root]);
    const counter = countingProbe(probeDuration);
    first = await fx.scan({ probeAudio: counter.probe });
    firstProbes = counter.calls;
  }, 120_000);
  afterAll(() => fx.close());

  const filesOf = (workId: number) =>
    fx.db.selectFrom('files').selectAll().where('work_id', '=', workId).orderBy('path').execute();

  it('adds every work with its id mapping and reports nothing skipped', async () => {
    expect(first.errors).toEqual([]);
    expect(first.duplicates).toEqual([]);
    expect(first.worksAdded).toBe(demo.works.length);
    const rows = await fx.db.selectFrom('works').select(['id', 'source_id']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.source_id])).toEqual(
      demo.works.map((w) => [w.id, w.code]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(rows.map((r) => r.id)).toEqual(
      expect.arrayContaining([123456, 1234567, 100_301_234, 200_015_001]),
    );
    expect(firstProbes.length).toBe(demo.works.reduce((n, w) => n + w.tracks.length, 0));
  });

  it('reads every audio duration from the headers (WAV exact, compressed within codec padding)', async () => {
    for (const w of demo.works) {
      const files = await filesOf(w.id);
      for (const t of w.tracks) {
        const f = files.find((x) => x.path === t.path);
        expect(f, `${w.code}/${t.path}`).toBeDefined();
        expect(f!.type).toBe('audio');
        if (t.format === 'wav') expect(f!.duration).toBe(t.seconds);
        else expect(Math.abs(f!.duration! - t.seconds)).toBeLessThan(0.2);
        expect(f!.size).toBe(fs.statSync(`${root}/${w.folder}/${t.path}`).size);
      }
    }
    const long = await fx.db
      .selectFrom('works')
      .select('duration')
      .where('id', '=', 1100001)
      .executeTakeFirstOrThrow();
    expect(long.duration).toBeGreaterThanOrEqual(79);
  });

  it('links every subtitle to its audio file and flags has_subtitle', async () => {
    for (const w of demo.works) {
      const files = await filesOf(w.id);
      const idOf = (p: string) => files.find((f) => f.path === p)?.id;
      for (const [sub, audio] of Object.entries(w.subtitles)) {
        expect(files.find((f) => f.path === sub)?.audio_file_id, `${w.code}/${sub}`).toBe(idOf(audio));
      }
      const row = await fx.db
        .selectFrom('works')
        .select('has_subtitle')
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow();
      expect(row.has_subtitle).toBe(Object.keys(w.subtitles).length ? 1 : 0);
    }
  });

  it('detects Shift_JIS, GBK and BOM text', async () => {
    const charsets = async (id: number) =>
      Object.fromEntries(
        (await filesOf(id)).filter((f) => f.type === 'text').map((f) => [f.path, f.charset]),
      );
    const kansai = await charsets(1110002);
    expect(kansai['readme.txt']).toBe('shift_jis');
    expect(kansai['本編/01 はじめに.lrc']).toBe('shift_jis');
    expect(kansai['特典/readme.txt']).toBe('utf-8');
    const chinese = await charsets(1300003);
    expect(chinese['01 はじめに.lrc']).toBe('gbk');
    const bom = await charsets(1000001);
    const bomFile = `${root}/${demo.works.find((w) => w.id === 1000001)!.folder}/01 はじめに.vtt`;
    expect([...fs.readFileSync(bomFile).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bom['01 はじめに.vtt']).toBe('utf-8');
  });

  it('chooses each cover by rule', async () => {
    for (const w of demo.works) {
      const row = await fx.db
        .selectFrom('works')
        .select('cover_path')
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow();
      if (w.cover) expect(row.cover_path, w.code).toBe(w.cover);
    }
  });

  it('imports sidecar metadata: circle, voice actors, tags in three languages, ratings, editions', async () => {
    const w = await fx.db.selectFrom('works').selectAll().where('id', '=', 1234567).executeTakeFirstOrThrow();
    expect(w).toMatchObject({
      title: '耳かきと囁きの夜',
      circle_id: 47049,
      release: '2024-08-10',
      price: 1320,
      dl_count: 12034,
      age_category: 'adult',
      nsfw: 1,
      metadata_source: 'sidecar',
    });
    expect(w.search_text).toContain('ear cleaning');
    expect(w.search_text).toContain('掏耳朵');
    expect(w.search_text).toContain('月城ゆかり');
    const circle = await fx.db
      .selectFrom('circles')
      .selectAll()
      .where('id', '=', 47049)
      .executeTakeFirstOrThrow();
    expect(circle.name).toBe('ささやき工房');
    const vas = await fx.db.selectFrom('work_vas').select('va_id').where('work_id', '=', 1234567).execute();
    expect(vas.map((v) => v.va_id)).toEqual([uuidv5('月城ゆかり', '699d9c07-b965-4399-bafd-18a3cacf073c')]);
    const tag = await fx.db.selectFrom('tags').selectAll().where('id', '=', 497).executeTakeFirstOrThrow();
    expect(tag).toMatchObject({
      name: '耳かき',
      name_en: 'ear cleaning',
      name_ja: '耳かき',
      name_zh: '掏耳朵',
    });
    const censored = await fx.db
      .selectFrom('tags')
      .selectAll()
      .where('id', '=', 512)
      .executeTakeFirstOrThrow();
    expect(censored.censored_en).toBe('h*******s');
    const links = await fx.db.selectFrom('work_tags').selectAll().where('work_id', '=', 1234567).execute();
    expect(links.map((l) => l.tag_id).sort((a, b) => a - b)).toEqual([470, 494, 497, 1001]);
    expect(links.every((l) => l.origin === 'metadata' && l.vote_status === 1)).toBe(true);

    const eng = await fx.db
      .selectFrom('works')
      .selectAll()
      .where('id', '=', 1300002)
      .executeTakeFirstOrThrow();
    expect(eng.lang).toBe('ENG');
    expect(eng.original_workno).toBe('RJ01300001');
    expect(JSON.parse(eng.translation_info)).toMatchObject({ is_child: true, parent_workno: 'RJ01300001' });
    expect(JSON.parse(eng.language_editions).map((e: { workno: string }) => e.workno)).toEqual([
      'RJ01300001',
      'RJ01300002',
      'RJ01300003',
    ]);
  });

  it('falls back to the folder name without a sidecar', async () => {
    const w = await fx.db.selectFrom('works').selectAll().where('id', '=', 1234568).executeTakeFirstOrThrow();
    expect(w.title).toBe('おやすみ添い寝');
    expect(w.metadata_source).toBe('folder');
    const circle = await fx.db
      .selectFrom('circles')
      .select('name')
      .where('id', '=', w.circle_id!)
      .executeTakeFirstOrThrow();
    expect(circle.name).toBe('ささやき工房');
    // The circle named in a bracket is the circle the sidecars know by its store id.
    expect(w.circle_id).toBe(47049);
  });

  it('lists video as other and indexes folders', async () => {
    const files = await filesOf(1100001);
    expect(files.find((f) => f.path === 'PV.mp4')?.type ?? (demo.encoded ? 'missing' : 'other')).toBe(
      'other',
    );
    const formats = await filesOf(1110001);
    expect(formats.filter((f) => f.type === 'folder').map((f) => f.path)).toEqual(
      demo.encoded ? ['mp3', 'wav'] : ['wav'],
    );
  });

  it('rescans an unchanged library without opening any audio file', async () => {
    const before = await fx.db.selectFrom('works').select(['id', 'updated_at']).orderBy('id').execute();
    const ids = await fx.db.selectFrom('files').select(['id', 'path', 'work_id']).orderBy('id').execute();
    const counter = countingProbe(probeDuration);
    const again = await fx.scan({ probeAudio: counter.probe });
    expect(counter.calls).toEqual([]);
    expect(again).toMatchObject({
      worksAdded: 0,
      worksUpdated: 0,
      worksRemoved: 0,
      worksUnchanged: demo.works.length,
    });
    expect(await fx.db.selectFrom('works').select(['id', 'updated_at']).orderBy('id').execute()).toEqual(
      before,
    );

    const full = countingProbe(probeDuration);
    const forced = await fx.scan({ full: true, probeAudio: full.probe });
    expect(forced.worksUpdated).toBe(demo.works.length);
    expect(full.calls.length).toBe(firstProbes.length);
    expect(await fx.db.selectFrom('files').select(['id', 'path', 'work_id']).orderBy('id').execute()).toEqual(
      ids,
    );
  });
});
