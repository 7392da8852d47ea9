/**
 * Compressed JSON answers (src/http/compression.ts) over real HTTP, on both databases: Brotli or
 * gzip as Accept-Encoding allows, the same JSON once decoded, small answers and media left alone,
 * and a cached list page compressed once however often it is asked for.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressions } from '../../src/http/compression.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

describe('choosing the encoding', () => {
  it('prefers Brotli, then gzip, as the header allows', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBe(null);
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('GZIP ; Q=1')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe(null);
    expect(chooseEncoding('')).toBe(null);
  });

  it('never picks an encoding the header refuses with q=0', () => {
    const coding = fc.constantFrom('br', 'gzip', 'x-gzip', 'deflate', 'zstd', 'identity', '*');
    const entry = fc.tuple(coding, fc.constantFrom('', ';q=0', ';q=0.5', ';q=1', ' ; q=0.0'));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        const header = entries.map(([c, q]) => `${c}${q}`).join(', ');
        const chosen = chooseEncoding(header);
        if (chosen === null) return;
        // The last mention of a coding wins (Map.set), as the chooser reads them.
        const weight = new Map<string, number>();
        for (const [c, q] of entries) {
          const m = /q=([0-9.]+)/.exec(q);
          weight.set(c === 'x-gzip' ? 'gzip' : c, m ? Number(m[1]) : 1);
        }
        expect(weight.get(chosen) ?? weight.get('*')).toBeGreaterThan(0);
      }),
    );
  });
});

const FOLDER = 'RJ01300001 compressed';

describe.each(DIALECTS)('compressed answers on %s', (dialect) => {
  let ta: TestApp;
  let port: number;
  let jsonFileId: number;
  const jsonFile = Buffer.from(JSON.stringify({ notes: 'x'.repeat(5000) }));

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await ta.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ta.app.server.address() as AddressInfo).port;
    const work = path.join(ta.config.libraryRoots[0]!, FOLDER);
    fs.mkdirSync(work, { recursive: true });
    fs.writeFileSync(path.join(work, 'notes.json'), jsonFile);
    await seedWorks(
      ta.db,
      Array.from({ length: 20 }, (_, i) => ({
        id: 1_300_001 + i,
        title: `圧縮の作品 compressed work ${i}`,
        folder_path: i === 0 ? FOLDER : `RJ0${1_300_001 + i}`,
        files: i === 0 ? [{ path: 'notes.json', type: 'other' as const, size: jsonFile.length }] : [],
      })),
    );
    jsonFileId = (await ta.db.selectFrom('files').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => ta.close());

  /** A raw GET (node:http does not decode), the body as sent. */
  const get = (p: string, acceptEncoding?: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      http
        .get({ host: '127.0.0.1', port, path: p, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('sends a works page as Brotli or gzip, the same JSON once decoded', async () => {
    const plain = await get('/api/works?page=1', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(1024);
    const works = JSON.parse(plain.body.toString());
    expect(works.works).toHaveLength(20);

    const br = await get('/api/works?page=1', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(works);

    const gz = await get('/api/works?page=1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(works);
  });

  it('compresses a cached page once, however often it is asked for', async () => {
    const url = '/api/works?page=1&pageSize=15&order=id&sort=asc';
    // The catalogue cache keeps a page from the second time it is asked for.
    await get(url, 'br');
    await get(url, 'br');
    const made = compressions();
    for (let i = 0; i < 5; i++) expect((await get(url, 'br')).headers['content-encoding']).toBe('br');
    expect(compressions()).toBe(made);
    // Another encoding of the same page is made once too.
    await get(url, 'gzip');
    await get(url, 'gzip');
    expect(compressions()).toBe(made + 1);
  });

  it('compresses JSON the routes serialise themselves (work detail)', async () => {
    const detail = await get('/api/work/RJ01300001', 'br');
    expect(detail.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(detail.body).toString()).id).toBe(1_300_001);
  });

  it('leaves small answers and media as they are', async () => {
    const health = await get('/api/version', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.body.length).toBeLessThanOrEqual(1024);
    JSON.parse(health.body.toString());

    const media = await get(`/api/media/stream/${jsonFileId}`, 'br');
    expect(media.headers['content-type']).toMatch(/^application\/json/);
    expect(media.headers['content-encoding']).toBeUndefined();
    expect(media.body.equals(jsonFile)).toBe(true);
  });
});
