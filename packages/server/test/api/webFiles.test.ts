/**
 * The web app's files: the Brotli or gzip copy the build wrote, chosen by Accept-Encoding, with
 * Content-Encoding and Vary; the plain file otherwise; a year of immutable caching for hashed
 * assets and `no-cache` for index.html, client-side routes included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const SCRIPT = Buffer.from(`export const answer = ${JSON.stringify('x'.repeat(4000))};\n`);
const PAGE = Buffer.from(
  `<!doctype html><html><head><title>Sasayaki</title></head><body>${' '.repeat(2000)}</body></html>`,
);

describe('web files', () => {
  let ta: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-dist-'));
  const get = (url: string, acceptEncoding?: string) =>
    ta.app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    const put = (rel: string, data: Buffer, compressed: boolean) => {
      fs.writeFileSync(path.join(dist, rel), data);
      if (!compressed) return;
      fs.writeFileSync(path.join(dist, `${rel}.br`), zlib.brotliCompressSync(data));
      fs.writeFileSync(path.join(dist, `${rel}.gz`), zlib.gzipSync(data));
    };
    put('index.html', PAGE, true);
    put('assets/index-AbC123.js', SCRIPT, true);
    put('assets/tiny-Q1w2E3.js', Buffer.from('export {};\n'), false);
    ta = await startTestApp('sqlite', {}, { webDist: dist });
  });
  afterAll(async () => {
    await ta.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the Brotli copy to a client that takes it, else gzip, else the file', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await get(url, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(SCRIPT)).toBe(true);
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(SCRIPT)).toBe(true);

    const refusedBr = await get(url, 'br;q=0, gzip');
    expect(refusedBr.headers['content-encoding']).toBe('gzip');

    for (const plain of [await get(url), await get(url, 'identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(SCRIPT)).toBe(true);
      expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });

  it('caches hashed assets for a year and revalidates index.html', async () => {
    for (const url of ['/assets/index-AbC123.js', '/assets/tiny-Q1w2E3.js']) {
      const res = await get(url, 'br');
      expect([url, res.headers['cache-control']]).toEqual([url, 'public, max-age=31536000, immutable']);
    }
    const tiny = await get('/assets/tiny-Q1w2E3.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');

    for (const url of ['/', '/index.html', '/works', '/work/RJ01441165?path=%5B%5D']) {
      const res = await get(url, 'gzip, br');
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).equals(PAGE)).toBe(true);
    }
  });

  it('answers a missing asset with 404, never with the page', async () => {
    const res = await get('/assets/gone-Zz9.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toContain('/assets/gone-Zz9.js');
  });
});
