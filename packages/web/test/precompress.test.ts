import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../build/precompress.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the build writes compressed copies', () => {
  it('beside the emitted text assets and index.html, and only where they are smaller', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-precompress-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    const script = Buffer.from(`export const words = ${JSON.stringify('ささやき '.repeat(2000))};`);
    const files: Record<string, Buffer> = {
      'index.html': Buffer.from(`<!doctype html><title>Sasayaki</title>${'<p>hi</p>'.repeat(300)}`),
      'assets/index-AbC.js': script,
      'assets/tiny-XyZ.js': Buffer.from('export {};'),
      'assets/cover-QwE.png': Buffer.alloc(4096, 1),
      'assets/old-Build.js': script,
    };
    for (const [rel, data] of Object.entries(files)) fs.writeFileSync(path.join(dir, rel), data);

    const plugin = precompress();
    const bundle = { 'assets/index-AbC.js': {}, 'assets/tiny-XyZ.js': {}, 'assets/cover-QwE.png': {} };
    const hook = plugin.writeBundle as (o: { dir: string }, b: object) => Promise<void>;
    await hook.call({}, { dir }, bundle);

    const has = (rel: string) => fs.existsSync(path.join(dir, rel));
    for (const rel of ['index.html', 'assets/index-AbC.js']) {
      const br = zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${rel}.br`)));
      const gz = zlib.gunzipSync(fs.readFileSync(path.join(dir, `${rel}.gz`)));
      expect(br.equals(files[rel]!)).toBe(true);
      expect(gz.equals(files[rel]!)).toBe(true);
      expect(fs.statSync(path.join(dir, `${rel}.br`)).size).toBeLessThan(files[rel]!.length);
    }
    // Too small to gain, not text, or not of this build.
    for (const rel of ['assets/tiny-XyZ.js', 'assets/cover-QwE.png', 'assets/old-Build.js']) {
      expect([rel, has(`${rel}.br`), has(`${rel}.gz`)]).toEqual([rel, false, false]);
    }

    // A later build whose index.html is too small to compress: the old copies must go, or the
    // server would keep sending the previous build's page.
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Sasayaki</title>');
    await hook.call({}, { dir }, {});
    expect([has('index.html.br'), has('index.html.gz')]).toEqual([false, false]);
  });
});
