/**
 * Cover variants: made once with sharp from the work's image, as JPEG or WebP, cached,
 * regenerated when the image changes; a placeholder when the work has none; null for an unknown
 * work.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { InstanceSignals } from '../src/infra/cluster/signals.ts';
import { RecentErrors } from '../src/infra/recentErrors.ts';
import { coverFile, coverVariant } from '../src/services/covers.ts';
import { SiteSettings } from '../src/siteSettings.ts';
import { Library } from '../src/storage/library.ts';
import { DIALECTS } from './helpers/db.ts';
import { scanFixture, tempDir, writeTree } from './scanner/helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() {} };

async function png(w: number, h: number, color: string): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();
}

describe.each(DIALECTS)('covers (%s)', (dialect) => {
  async function setup(files: Record<string, Buffer | string | number>) {
    const root = tempDir();
    writeTree(root, files);
    const fx = await scanFixture(dialect, [root]);
    cleanups.push(
      () => fx.close(),
      () => fs.rmSync(root, { recursive: true, force: true }),
    );
    await fx.scan();
    const ctx = {
      config: fx.config,
      db: fx.db,
      library: new Library(fx.config.libraryRoots),
      log: silent as never,
      settings: new SiteSettings(fx.db, fx.config),
      recentErrors: new RecentErrors(),
      signals: new InstanceSignals(fx.db),
    };
    return { root, fx, ctx };
  }

  it('makes main, sam and 240x240 JPEGs once and caches them', async () => {
    const { root, ctx, fx } = await setup({
      'RJ01000001/01.wav': 1,
      'RJ01000001/cover.png': await png(1600, 1200, '#ff0000'),
      'RJ01000001/other.png': await png(100, 100, '#00ff00'),
    });
    const sizes: Record<string, [number, number]> = {
      main: [1000, 750],
      sam: [300, 225],
      '240x240': [240, 240],
    };
    for (const [type, [w, h]] of Object.entries(sizes)) {
      const file = await coverFile(ctx, 1000001, type as 'main');
      expect(file && path.dirname(file)).toBe(path.join(fx.dataDir, 'covers'));
      const meta = await sharp(file!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', w, h]);
      const { dominant } = await sharp(file!).stats();
      expect(dominant.r).toBeGreaterThan(200);
      expect(dominant.g).toBeLessThan(60);
    }
    const again = await coverFile(ctx, 1000001, 'sam');
    const mtime = fs.statSync(again!).mtimeMs;
    expect(await coverFile(ctx, 1000001, 'sam')).toBe(again);
    expect(fs.statSync(again!).mtimeMs).toBe(mtime);

    // A replaced cover image gets new variants.
    fs.writeFileSync(path.join(root, 'RJ01000001/cover.png'), await png(800, 800, '#0000ff'));
    const replaced = await coverFile(ctx, 1000001, 'sam');
    expect(replaced).not.toBe(again);
    expect((await sharp(replaced!).stats()).dominant.b).toBeGreaterThan(200);
  });

  it('remembers each variant for the catalogue generation, and looks again after a write', async () => {
    const { root, ctx, fx } = await setup({
      'RJ01000005/01.wav': 1,
      'RJ01000005/cover.png': await png(400, 300, '#ff0000'),
    });
    const first = await coverVariant(ctx, 1000005, 'sam', 'jpeg');
    expect(first!.etag).toBe(`"${path.basename(first!.file, '.jpg')}"`);
    expect(first!.etag.startsWith('W/')).toBe(false);
    // Within the generation the source is not looked at again: a replaced image is not seen…
    fs.writeFileSync(path.join(root, 'RJ01000005/cover.png'), await png(400, 300, '#0000ff'));
    expect(await coverVariant(ctx, 1000005, 'sam', 'jpeg')).toEqual(first);
    // …until the catalogue changes (a rescan, a vote, a hand edit): then the new image is made.
    await fx.db.updateTable('works').set({ title: 'touched' }).where('id', '=', 1000005).execute();
    const second = await coverVariant(ctx, 1000005, 'sam', 'jpeg');
    expect(second!.etag).not.toBe(first!.etag);
    expect((await sharp(second!.file).stats()).dominant.b).toBeGreaterThan(200);
    expect(await coverVariant(ctx, 424242, 'sam', 'jpeg')).toBeNull();
  });

  it('makes the same picture as WebP beside the JPEG, with its own file and tag', async () => {
    const { ctx } = await setup({
      'RJ01000006/01.wav': 1,
      'RJ01000006/cover.png': await png(1600, 1200, '#ff0000'),
      'RJ01000007/01.wav': 1,
    });
    const jpeg = await coverVariant(ctx, 1000006, 'sam', 'jpeg');
    const webp = await coverVariant(ctx, 1000006, 'sam', 'webp');
    expect(path.extname(webp!.file)).toBe('.webp');
    expect(webp!.file).not.toBe(jpeg!.file);
    expect(webp!.etag).not.toBe(jpeg!.etag);
    const meta = await sharp(webp!.file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 225]);
    expect((await sharp(webp!.file).stats()).dominant.r).toBeGreaterThan(200);
    expect(await coverVariant(ctx, 1000006, 'sam', 'webp')).toEqual(webp);
    const placeholder = await coverFile(ctx, 1000007, 'sam', 'webp');
    expect(path.basename(placeholder!)).toBe('placeholder-sam.webp');
    expect((await sharp(placeholder!).metadata()).format).toBe('webp');
  });

  it('sends a placeholder for a work without image and null for an unknown work', async () => {
    const { ctx } = await setup({ 'RJ01000002/01.wav': 1 });
    const file = await coverFile(ctx, 1000002, '240x240');
    expect(path.basename(file!)).toBe('placeholder-240x240.jpg');
    const meta = await sharp(file!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 240, 240]);
    expect(await coverFile(ctx, 424242, 'main')).toBeNull();
  });

  it('never reads a cover that became a link out of the library', async () => {
    const outside = tempDir('sasayaki-outside-');
    cleanups.push(() => fs.rmSync(outside, { recursive: true, force: true }));
    fs.writeFileSync(path.join(outside, 'private.png'), await png(50, 50, '#00ff00'));
    const { root, ctx } = await setup({
      'RJ01000004/01.wav': 1,
      'RJ01000004/cover.png': await png(50, 50, '#ff0000'),
    });
    fs.rmSync(path.join(root, 'RJ01000004/cover.png'));
    fs.symlinkSync(path.join(outside, 'private.png'), path.join(root, 'RJ01000004/cover.png'));
    const file = await coverFile(ctx, 1000004, 'sam');
    expect(path.basename(file!)).toBe('placeholder-sam.jpg');
  });

  it('falls back to the placeholder when the image is unreadable', async () => {
    const { ctx } = await setup({ 'RJ01000003/01.wav': 1, 'RJ01000003/cover.jpg': 'not really a jpeg' });
    const file = await coverFile(ctx, 1000003, 'main');
    expect(path.basename(file!)).toBe('placeholder-main.jpg');
  });
});
