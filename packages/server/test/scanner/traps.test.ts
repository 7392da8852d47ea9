/**
 * Rescans and traps on hand-made libraries, on both databases: stable file ids, kept
 * create_date, vanished and duplicate works, empty and corrupt files, unreadable folders,
 * symlink loops, any-script names, metadata changes and a scan interrupted half-way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyMetadata } from '../../src/metadata/types.ts';
import { probeDuration } from '../../src/scanner/audio.ts';
import type { MetadataProvider } from '../../src/scanner/metadata/dlsite.ts';
import { DIALECTS } from '../helpers/db.ts';
import { countingProbe, type ScanFixture, scanFixture, tempDir, writeTree } from './helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe.each(DIALECTS)('scanner traps (%s)', (dialect) => {
  async function setup(files: Record<string, Buffer | string | number>) {
    const root = tempDir();
    writeTree(root, files);
    const fx = await scanFixture(dialect, [root]);
    cleanups.push(
      () => fx.close(),
      () => fs.rmSync(root, { recursive: true, force: true }),
    );
    return { root, fx };
  }
  const files = (fx: ScanFixture, workId: number) =>
    fx.db
      .selectFrom('files')
      .select(['id', 'path', 'type', 'duration', 'audio_file_id'])
      .where('work_id', '=', workId)
      .orderBy('path')
      .execute();
  const work = (fx: ScanFixture, id: number) =>
    fx.db.selectFrom('works').selectAll().where('id', '=', id).executeTakeFirst();

  it('keeps file ids across rescans: new files get new ids, vanished rows go', async () => {
    const { root, fx } = await setup({
      'RJ01000001 a/01.wav': 1,
      'RJ01000001 a/02.wav': 2,
      'RJ01000001 a/02.lrc': '[00:00.50]x',
    });
    await fx.scan();
    const before = await files(fx, 1000001);
    writeTree(root, { 'RJ01000001 a/00.wav': 1.5, 'RJ01000001 a/sub/03.wav': 0.5 });
    fs.rmSync(path.join(root, 'RJ01000001 a/01.wav'));
    const s = await fx.scan();
    expect(s).toMatchObject({ worksUpdated: 1, worksAdded: 0 });
    const after = await files(fx, 1000001);
    const idOf = (list: typeof before, p: string) => list.find((f) => f.path === p)?.id;
    expect(idOf(after, '02.wav')).toBe(idOf(before, '02.wav'));
    expect(idOf(after, '02.lrc')).toBe(idOf(before, '02.lrc'));
    expect(idOf(after, '01.wav')).toBeUndefined();
    expect(after.map((f) => f.path)).toEqual(['00.wav', '02.lrc', '02.wav', 'sub', 'sub/03.wav']);
    const oldIds = new Set(before.map((f) => f.id));
    expect(oldIds.has(idOf(after, '00.wav')!)).toBe(false);
    expect(after.find((f) => f.path === '02.lrc')?.audio_file_id).toBe(idOf(after, '02.wav'));
    const w = await work(fx, 1000001);
    expect(w?.duration).toBe(4);
  });

  it('keeps create_date and random_key, refreshes when the sidecar changes', async () => {
    const sidecar = (title: string) => JSON.stringify({ title, tags: [{ id: 7, name: '囁き' }] });
    const { root, fx } = await setup({
      'RJ01000002/01.wav': 1,
      'RJ01000002/work.json': sidecar('Old title'),
    });
    await fx.scan();
    await fx.db.updateTable('works').set({ create_date: '2000-01-01' }).where('id', '=', 1000002).execute();
    const before = (await work(fx, 1000002))!;
    expect(before.title).toBe('Old title');
    writeTree(root, { 'RJ01000002/work.json': sidecar('New title, longer') });
    expect((await fx.scan()).worksUpdated).toBe(1);
    const after = (await work(fx, 1000002))!;
    expect(after.title).toBe('New title, longer');
    expect(after.create_date).toBe('2000-01-01');
    expect(after.random_key).toBe(before.random_key);
  });

  it('keeps file ids when a work folder is renamed or moved', async () => {
    const { root, fx } = await setup({ 'RJ01000060 old name/01.wav': 1, 'RJ01000060 old name/a/02.wav': 1 });
    await fx.scan();
    const before = await files(fx, 1000060);
    fs.mkdirSync(path.join(root, 'moved'));
    fs.renameSync(
      path.join(root, 'RJ01000060 old name'),
      path.join(root, 'moved/[Circle] RJ01000060 new name'),
    );
    const s = await fx.scan();
    expect(s).toMatchObject({ worksUpdated: 1, worksRemoved: 0, worksAdded: 0 });
    expect(await files(fx, 1000060)).toEqual(before);
    expect(await work(fx, 1000060)).toMatchObject({
      folder_path: 'moved/[Circle] RJ01000060 new name',
      title: 'new name',
    });
  });

  it('gives a name-only circle the store id of a circle of that name written in the same scan', async () => {
    // The folder-name circle comes first in walking order; the sidecar with the store id after it.
    const storeCircle = JSON.stringify({ title: 'T', circle: { id: 47049, name: 'ささやき工房' } });
    const { fx } = await setup({
      'a/[ささやき工房] RJ01000031 名前だけ/01.wav': 1,
      'b/RJ01000032/01.wav': 1,
      'b/RJ01000032/work.json': storeCircle,
      'c/[ささやき工房] RJ01000033 もう一つ/01.wav': 1,
    });
    const s = await fx.scan();
    expect(s.worksAdded).toBe(3);
    for (const id of [1000031, 1000032, 1000033]) expect((await work(fx, id))?.circle_id).toBe(47049);
    const circles = await fx.db.selectFrom('circles').select(['id', 'name']).execute();
    expect(circles).toEqual([{ id: 47049, name: 'ささやき工房' }]);
  });

  it('reports a broken sidecar and falls back to the folder name', async () => {
    const { fx } = await setup({
      '[Maker] RJ01000061 Folder Title/01.wav': 1,
      '[Maker] RJ01000061 Folder Title/work.json': '{ "title": "cut off',
      'RJ01000062 Second/01.wav': 1,
      'RJ01000062 Second/RJ01000062.json': `\ufeff${JSON.stringify({ title: 'With BOM', circle: { id: 5, name: 'C5' } })}`,
    });
    const s = await fx.scan();
    expect(s.errors).toEqual([
      {
        path: expect.stringMatching(/work\.json$/),
        reason: 'metadata',
        message: expect.stringMatching(/^sidecar unreadable/),
        params: { problem: 'unreadable' },
      },
    ]);
    expect(await work(fx, 1000061)).toMatchObject({ title: 'Folder Title', metadata_source: 'folder' });
    expect(await work(fx, 1000062)).toMatchObject({
      title: 'With BOM',
      circle_id: 5,
      metadata_source: 'sidecar',
    });
  });

  it('removes a vanished work with its files but keeps user reviews by work id', async () => {
    const { root, fx } = await setup({ 'RJ01000003/01.wav': 1, 'RJ01000004/01.wav': 1 });
    await fx.scan();
    const now = Date.now();
    const user = await fx.db
      .insertInto('users')
      .values({
        name: 'listener',
        password_hash: 'x',
        recommender_uuid: 'u',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fx.db
      .insertInto('reviews')
      .values({
        user_id: user.id,
        work_id: 1000003,
        rating: 5,
        review_text: 'good',
        progress: 'listened',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const moved = tempDir();
    cleanups.push(() => fs.rmSync(moved, { recursive: true, force: true }));
    fs.renameSync(path.join(root, 'RJ01000003'), path.join(moved, 'RJ01000003'));
    const s = await fx.scan();
    expect(s).toMatchObject({ worksRemoved: 1, worksUnchanged: 1 });
    expect(await work(fx, 1000003)).toBeUndefined();
    expect(await files(fx, 1000003)).toEqual([]);
    const review = await fx.db
      .selectFrom('reviews')
      .selectAll()
      .where('work_id', '=', 1000003)
      .executeTakeFirst();
    expect(review?.review_text).toBe('good');
    fs.renameSync(path.join(moved, 'RJ01000003'), path.join(root, 'RJ01000003'));
    expect((await fx.scan()).worksAdded).toBe(1);
  });

  it('reports a second folder with a known code as a duplicate and keeps the indexed one', async () => {
    const { root, fx } = await setup({ 'b/RJ01000005 first/01.wav': 1 });
    await fx.scan();
    writeTree(root, { 'a/RJ01000005 copy/01.wav': 2 });
    const s = await fx.scan();
    expect(s.duplicates).toEqual([
      {
        code: 'RJ01000005',
        path: path.join(root, 'a/RJ01000005 copy'),
        kept: path.join(root, 'b/RJ01000005 first'),
      },
    ]);
    expect((await work(fx, 1000005))?.folder_path).toBe('b/RJ01000005 first');
    expect(await fx.db.selectFrom('works').select('id').execute()).toHaveLength(1);
  });

  it('skips 0-byte files and corrupt audio, and goes on', async () => {
    const { fx } = await setup({
      'RJ01000006/01.wav': 1,
      'RJ01000006/empty.mp3': '',
      'RJ01000006/empty.txt': '',
      'RJ01000006/broken.mp3': Buffer.from('this is not an mp3 file at all, just text'),
      'RJ01000006/broken.flac': Buffer.from('fLaC but nothing after'),
      'RJ01000007/01.wav': 1,
    });
    const s = await fx.scan();
    expect(s.worksAdded).toBe(2);
    const messages = s.errors.map((e) => `${path.basename(e.path)}: ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^empty\.mp3: empty file/),
        expect.stringMatching(/^empty\.txt: empty file/),
        expect.stringMatching(/^broken\.mp3: corrupt audio/),
        expect.stringMatching(/^broken\.flac: corrupt audio/),
      ]),
    );
    expect((await files(fx, 1000006)).map((f) => f.path)).toEqual(['01.wav']);
    expect((await files(fx, 1000007)).map((f) => f.path)).toEqual(['01.wav']);
  });

  it('keeps works under a folder that cannot be read, and reports it', async () => {
    const { root, fx } = await setup({ 'g/RJ01000008/01.wav': 1, 'RJ01000009/01.wav': 1 });
    await fx.scan();
    const away = tempDir();
    cleanups.push(() => fs.rmSync(away, { recursive: true, force: true }));
    fs.renameSync(path.join(root, 'g'), path.join(away, 'g'));
    if (process.getuid?.() === 0) {
      // root reads anything: a self-referencing link is a folder no one can enter.
      fs.symlinkSync('g', path.join(root, 'g'));
    } else {
      fs.mkdirSync(path.join(root, 'g'), { mode: 0 });
      cleanups.push(() => fs.chmodSync(path.join(root, 'g'), 0o755));
    }
    const s = await fx.scan();
    expect(s.errors.some((e) => e.path === path.join(root, 'g'))).toBe(true);
    expect(s.worksRemoved).toBe(0);
    expect(await work(fx, 1000008)).toBeDefined();
    expect(await files(fx, 1000008)).toHaveLength(1);
  });

  it('survives a symlink loop inside a work and names in any script', async () => {
    const names = ['01 한국어.wav', '02 العربية.wav', '03 🎧.wav', '04 Ελληνικά.wav', `05 ${'か\u3099'}.wav`];
    const { root, fx } = await setup(Object.fromEntries(names.map((n) => [`RJ01000010/${n}`, 1])));
    fs.symlinkSync('.', path.join(root, 'RJ01000010/loop'));
    fs.symlinkSync('/nonexistent/target', path.join(root, 'RJ01000010/dangling.wav'));
    const s = await fx.scan();
    expect(s.worksAdded).toBe(1);
    expect(s.errors.map((e) => e.message).join('\n')).toMatch(/symlink loop/);
    const listed = await files(fx, 1000010);
    expect(listed.map((f) => f.path).sort()).toEqual([...names].sort());
    expect(listed.every((f) => f.duration === 1)).toBe(true);
    // Names stay as spelled on disk, so each path opens its file again.
    for (const f of listed) expect(fs.existsSync(path.join(root, 'RJ01000010', f.path))).toBe(true);
  });

  it('follows links that stay inside the library and skips links leading out of it', async () => {
    const outside = tempDir('sasayaki-outside-');
    cleanups.push(() => fs.rmSync(outside, { recursive: true, force: true }));
    writeTree(outside, { 'RJ01000050 elsewhere/01.wav': 1, 'secret.txt': 'secret' });
    const { root, fx } = await setup({ 'store/RJ01000051 real/01.wav': 1, 'RJ01000052/01.wav': 1 });
    fs.symlinkSync(path.join(root, 'store'), path.join(root, 'linked'));
    fs.symlinkSync(path.join(outside, 'RJ01000050 elsewhere'), path.join(root, 'RJ01000050 link'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'RJ01000052/secret.txt'));
    fs.symlinkSync(path.join(root, 'RJ01000052/01.wav'), path.join(root, 'RJ01000052/alias.wav'));
    const s = await fx.scan();
    const skipped = s.errors
      .filter((e) => /outside the library/.test(e.message))
      .map((e) => path.basename(e.path));
    expect(skipped.sort()).toEqual(['RJ01000050 link', 'secret.txt']);
    // A folder reached both directly and through a link inside the library is entered once, by
    // its own path (the link is walked after, whatever the names' order).
    expect(s.errors.filter((e) => e.reason === 'linked-folder').map((e) => e.path)).toEqual([
      path.join(root, 'linked'),
    ]);
    expect(await work(fx, 1000050)).toBeUndefined();
    expect(s.duplicates).toEqual([]);
    expect((await work(fx, 1000051))?.folder_path).toBe('store/RJ01000051 real');
    expect(await files(fx, 1000051)).toHaveLength(1);
    expect((await files(fx, 1000052)).map((f) => f.path)).toEqual(['01.wav', 'alias.wav']);
  });

  it('leaves a consistent database when a scan dies half-way, and the next scan completes it', async () => {
    // Every work shares one circle, voice actor and tag: the first work, which would create
    // them, dies before commit, so the next works must not trust anything it wrote.
    const sidecar = JSON.stringify({
      title: 'shared',
      circle: { id: 77, name: 'C' },
      vas: [{ name: '声優' }],
      tags: [{ id: 5, name: '共有' }],
    });
    const lib: Record<string, number | string> = {};
    for (let i = 1; i <= 5; i++) {
      lib[`RJ0100002${i}/01.wav`] = 1;
      lib[`RJ0100002${i}/02.wav`] = 1;
      lib[`RJ0100002${i}/work.json`] = sidecar;
    }
    const { fx } = await setup(lib);
    const s = await fx.scan({
      beforeCommit: (id) => {
        if (id === 1000021) throw new Error(`killed while writing ${id}`);
      },
    });
    expect(s.worksAdded).toBe(4);
    expect(s.errors.map((e) => e.message)).toEqual([expect.stringMatching(/killed while writing 1000021/)]);
    expect(await work(fx, 1000021)).toBeUndefined();
    expect(await files(fx, 1000021)).toEqual([]);
    const tagged = await fx.db.selectFrom('work_tags').select('work_id').where('tag_id', '=', 5).execute();
    expect(tagged.map((t) => t.work_id).sort()).toEqual([1000022, 1000023, 1000024, 1000025]);
    const orphans = await fx.db
      .selectFrom('files')
      .select('id')
      .where('work_id', 'not in', fx.db.selectFrom('works').select('id'))
      .execute();
    expect(orphans).toEqual([]);
    const counter = countingProbe(probeDuration);
    const next = await fx.scan({ probeAudio: counter.probe });
    expect(next).toMatchObject({ worksAdded: 1, worksUnchanged: 4, errors: [] });
    expect(counter.calls.map((p) => path.basename(path.dirname(p)))).toEqual(['RJ01000021', 'RJ01000021']);
    expect(await files(fx, 1000021)).toHaveLength(3);
  });

  it('asks the online provider only for works without a sidecar', async () => {
    const asked: string[] = [];
    const provider: MetadataProvider = {
      name: 'recorded',
      async lookup(code) {
        asked.push(code);
        return { ...emptyMetadata('dlsite', `Store title of ${code}`), vas: ['天音しずく'] };
      },
    };
    const { fx } = await setup({
      'RJ01000031 folder title/01.wav': 1,
      'RJ01000032/01.wav': 1,
      'RJ01000032/work.json': JSON.stringify({ title: 'Sidecar title' }),
    });
    await fx.scan({ provider });
    expect(asked).toEqual(['RJ01000031']);
    expect(await work(fx, 1000031)).toMatchObject({
      title: 'Store title of RJ01000031',
      metadata_source: 'dlsite',
    });
    expect(await work(fx, 1000032)).toMatchObject({ title: 'Sidecar title', metadata_source: 'sidecar' });
  });

  it('keeps user-attached tags and vote counters when metadata tags change', async () => {
    const sidecar = (tags: { id: number; name: string }[]) => JSON.stringify({ title: 'T', tags });
    const { root, fx } = await setup({
      'RJ01000040/01.wav': 1,
      'RJ01000040/work.json': sidecar([
        { id: 1, name: 'one' },
        { id: 2, name: 'two' },
      ]),
    });
    await fx.scan();
    await fx.db.insertInto('tags').values({ id: 99, name: 'user tag' }).execute();
    await fx.db
      .insertInto('work_tags')
      .values({ work_id: 1000040, tag_id: 99, origin: 'user', upvote: 3 })
      .execute();
    await fx.db
      .updateTable('work_tags')
      .set({ upvote: 5 })
      .where('work_id', '=', 1000040)
      .where('tag_id', '=', 1)
      .execute();
    writeTree(root, {
      'RJ01000040/work.json': sidecar([
        { id: 1, name: 'one' },
        { id: 3, name: 'three' },
      ]),
    });
    await fx.scan();
    const links = await fx.db
      .selectFrom('work_tags')
      .select(['tag_id', 'origin', 'upvote'])
      .where('work_id', '=', 1000040)
      .orderBy('tag_id')
      .execute();
    expect(links).toEqual([
      { tag_id: 1, origin: 'metadata', upvote: 5 },
      { tag_id: 3, origin: 'metadata', upvote: 0 },
      { tag_id: 99, origin: 'user', upvote: 3 },
    ]);
  });
});
