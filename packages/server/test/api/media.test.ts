import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { ffmpegAvailableFor } from '../helpers/ffmpeg.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const hasFfmpeg = ffmpegAvailableFor('the low-quality transcode test is');

const WORK = 1441165;
const FOLDER = 'RJ01441165 癒しの耳かき';

/** The files of the test work: name → contents. */
function writeLibrary(root: string): Record<string, Buffer> {
  const dir = path.join(root, FOLDER);
  fs.mkdirSync(path.join(dir, 'Sub'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'おまけ'), { recursive: true });
  const files: Record<string, Buffer> = {};
  const put = (rel: string, data: Buffer) => {
    fs.writeFileSync(path.join(dir, rel), data);
    files[rel] = data;
  };
  if (hasFfmpeg) {
    const out = path.join(dir, '01 はじめに.mp3');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      out,
    ]);
    files['01 はじめに.mp3'] = fs.readFileSync(out);
  } else {
    put('01 はじめに.mp3', Buffer.alloc(48_000, 7));
  }
  put('2.mp3', Buffer.from('two'.repeat(1000)));
  put('10.mp3', Buffer.from('ten'.repeat(1000)));
  put('track.flac', Buffer.from('fLaC-not-really'));
  put('Sub/01 はじめに.vtt', Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nこんにちは\n'));
  put('説明.txt', iconv.encode('おまけの説明です', 'shift_jis'));
  put('おまけ/B.wav', Buffer.alloc(100, 1));
  put('おまけ/a.m4a', Buffer.alloc(100, 2));
  fs.symlinkSync('/etc/passwd', path.join(dir, 'evil.mp3'));
  fs.writeFileSync(path.join(root, '..', 'outside.txt'), 'secret outside the library');
  return files;
}

describe.each(DIALECTS)('tracks and media on %s', (dialect) => {
  let ta: TestApp;
  let files: Record<string, Buffer>;
  const ids: Record<string, number> = {};
  const inject = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    ta.app.inject({ method, url, headers });

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    files = writeLibrary(ta.config.libraryRoots[0]!);
    const typeOf = (p: string) =>
      /\.(mp3|flac|wav|m4a)$/.test(p) ? 'audio' : /\.(vtt|txt)$/.test(p) ? 'text' : 'other';
    await seedWorks(ta.db, [
      {
        id: WORK,
        title: '癒しの耳かき',
        folder_path: FOLDER,
        files: [
          ...Object.entries(files).map(([p, data]) => ({
            path: p,
            type: typeOf(p) as 'audio' | 'text',
            size: data.length,
            duration: typeOf(p) === 'audio' ? 3.0 : null,
            charset: p.endsWith('.txt') ? 'shift_jis' : p.endsWith('.vtt') ? 'utf-8' : null,
            ...(p.startsWith('Sub/') ? { audioPath: '01 はじめに.mp3' } : {}),
          })),
          { path: 'evil.mp3', type: 'audio', size: 10 },
          { path: '../../outside.txt', type: 'text', size: 10 },
        ],
      },
      { id: 5, title: 'other work' },
    ]);
    for (const r of await ta.db.selectFrom('files').select(['id', 'path']).execute()) ids[r.path] = r.id;
  });
  afterAll(() => ta.close());

  it('answers the tree: folders first, natural order, absolute URLs, exact sizes, lyrics', async () => {
    const res = await inject(`/api/tracks/RJ01441165?v=1`, { host: 'media.test:9200' });
    expect(res.statusCode).toBe(200);
    const tree = res.json();
    expect(tree.map((n: { title: string }) => n.title)).toEqual([
      'Sub',
      'おまけ',
      '01 はじめに.mp3',
      '2.mp3',
      '10.mp3',
      'evil.mp3',
      'track.flac',
      '説明.txt',
    ]);
    expect(tree[1].children.map((n: { title: string }) => n.title)).toEqual(['a.m4a', 'B.wav']);
    const first = tree[2];
    const id = ids['01 はじめに.mp3']!;
    const vttId = ids['Sub/01 はじめに.vtt']!;
    expect(first).toEqual({
      type: 'audio',
      hash: `${WORK}/${id}`,
      title: '01 はじめに.mp3',
      work: { id: WORK, source_id: 'RJ01441165', source_type: 'DLSITE' },
      workTitle: '癒しの耳かき',
      mediaStreamUrl: `http://media.test:9200/api/media/stream/${id}`,
      mediaDownloadUrl: `http://media.test:9200/api/media/download/${id}`,
      streamLowQualityUrl: hasFfmpeg ? `http://media.test:9200/api/media/stream-lq/${id}` : '',
      duration: 3,
      size: files['01 はじめに.mp3']!.length,
      availableLyrics: [
        {
          title: '01 はじめに.vtt',
          confidence: 1,
          mediaDownloadUrl: `http://media.test:9200/api/media/download/${vttId}`,
          hash: `${WORK}/${vttId}`,
        },
      ],
    });
    expect(tree[0]).toMatchObject({
      type: 'folder',
      title: 'Sub',
      children: [{ type: 'text', title: '01 はじめに.vtt' }],
    });
    expect(tree[7]).toMatchObject({ type: 'text', streamLowQualityUrl: '', size: files['説明.txt']!.length });
    expect(tree[7]).not.toHaveProperty('availableLyrics');
    expect((await inject('/api/tracks/1441165?v=2')).json()).toEqual(
      (await inject('/api/tracks/1441165?v=1')).json(),
    );
    expect((await inject('/api/tracks/5')).json()).toEqual([]);
    expect((await inject('/api/tracks/777')).statusCode).toBe(404);
    expect((await inject('/api/tracks/1441165?v=3')).statusCode).toBe(400);
  });

  it('streams whole files, HEAD and ranges with the right headers', async () => {
    const id = ids['2.mp3']!;
    const data = files['2.mp3']!;
    const whole = await inject(`/api/media/stream/${id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['content-length']).toBe(String(data.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-disposition']).toMatch(/^inline;/);

    const head = await inject(`/api/media/stream/${id}`, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
    expect(head.rawPayload.length).toBe(0);

    const open = await inject(`/api/media/stream/${id}`, { range: 'bytes=0-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 0-${data.length - 1}/${data.length}`);
    expect(open.headers['content-length']).toBe(String(data.length));

    const mid = await inject(`/api/media/stream/${WORK}/${id}`, { range: 'bytes=10-19' });
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe(`bytes 10-19/${data.length}`);
    expect(mid.rawPayload.equals(data.subarray(10, 20))).toBe(true);

    const suffix = await inject(`/api/media/download/${id}`, { range: 'bytes=-5' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(data.subarray(data.length - 5))).toBe(true);

    const past = await inject(`/api/media/stream/${id}`, { range: `bytes=${data.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
    expect(past.json().error).toMatch(/Range not satisfiable/);

    const multi = await inject(`/api/media/stream/${id}`, { range: 'bytes=0-1,5-6' });
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.length).toBe(data.length);
  });

  it('revalidates with ETag, Last-Modified and If-Range', async () => {
    const id = ids['10.mp3']!;
    const first = await inject(`/api/media/stream/${id}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await inject(`/api/media/stream/${id}`, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await inject(`/api/media/stream/${id}`, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    const lm = String(first.headers['last-modified']);
    expect((await inject(`/api/media/stream/${id}`, { 'if-modified-since': lm })).statusCode).toBe(304);
    expect(
      (await inject(`/api/media/stream/${id}`, { range: 'bytes=0-3', 'if-range': etag })).statusCode,
    ).toBe(206);
    expect(
      (await inject(`/api/media/stream/${id}`, { range: 'bytes=0-3', 'if-range': 'W/"stale"' })).statusCode,
    ).toBe(200);
  });

  it('sends MIME types, text charsets and UTF-8 download names', async () => {
    const type = async (p: string) => (await inject(`/api/media/stream/${ids[p]}`)).headers['content-type'];
    expect(await type('track.flac')).toBe('audio/flac');
    expect(await type('おまけ/a.m4a')).toBe('audio/mp4');
    expect(await type('おまけ/B.wav')).toBe('audio/wav');
    expect(await type('説明.txt')).toBe('text/plain; charset=shift_jis');
    expect(await type('Sub/01 はじめに.vtt')).toBe('text/vtt; charset=utf-8');
    const dl = await inject(`/api/media/download/${ids['説明.txt']}?token=whatever`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="__.txt"; filename*=UTF-8''${encodeURIComponent('説明.txt')}`,
    );
    expect(iconv.decode(dl.rawPayload, 'shift_jis')).toBe('おまけの説明です');
  });

  it('never reads outside the library, whatever the request', async () => {
    const evil = await inject(`/api/media/stream/${ids['evil.mp3']}`);
    expect(evil.statusCode).toBe(403);
    expect(evil.body).not.toContain('root:');
    const outside = await inject(`/api/media/download/${ids['../../outside.txt']}`);
    expect([403, 404]).toContain(outside.statusCode);
    expect(outside.body).not.toContain('secret');
    for (const url of [
      '/api/media/stream/..%2F..%2Fetc%2Fpasswd',
      '/api/media/stream/%2Fetc%2Fpasswd',
      '/api/media/stream/1%00',
      '/api/media/stream/-1',
      '/api/media/download/1.5',
      '/api/media/stream/99999999',
      `/api/media/stream/5/${ids['2.mp3']}`,
      '/api/media/stream/%2e%2e/%2e%2e',
      '/api/media/stream-lq/abc',
      '/api/cover/..%2F..%2Fetc%2Fpasswd',
      '/api/cover/1441165.png',
    ]) {
      const res = await inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().error, url).toEqual(expect.any(String));
    }
  });

  it('refuses anonymous media when the setting says so', async () => {
    const closed = await startTestApp(dialect, { allowAnonymousMedia: false });
    try {
      const res = await closed.app.inject({ method: 'GET', url: '/api/media/stream/1' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'No authorization token was found', code: 'NO_TOKEN' });
    } finally {
      await closed.close();
    }
  });

  it('answers "" low-quality URLs and a 404 when the server has no ffmpeg', async () => {
    const bare = await startTestApp(dialect, { ffmpegPath: '' });
    try {
      await seedWorks(bare.db, [
        { id: 77, title: 'no ffmpeg', files: [{ path: 'a.mp3', type: 'audio', size: 3, duration: 1 }] },
      ]);
      const [node] = (await bare.app.inject({ url: '/api/tracks/77' })).json();
      expect(node).toMatchObject({ type: 'audio', streamLowQualityUrl: '' });
      const fileId = Number(node.hash.split('/')[1]);
      const lq = await bare.app.inject({ url: `/api/media/stream-lq/${fileId}` });
      expect(lq.statusCode).toBe(404);
      expect(lq.json().error).toMatch(/ffmpeg/);
    } finally {
      await bare.close();
    }
  });

  it('answers HEAD on downloads with the attachment name, and If-Range by date', async () => {
    const id = ids['説明.txt']!;
    const head = await inject(`/api/media/download/${id}`, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-disposition']).toMatch(/^attachment; /);
    expect(head.headers['content-length']).toBe(String(files['説明.txt']!.length));
    const lm = String(head.headers['last-modified']);
    expect(
      (await inject(`/api/media/download/${id}`, { range: 'bytes=0-1', 'if-range': lm })).statusCode,
    ).toBe(206);
    const old = new Date(Date.parse(lm) - 3_600_000).toUTCString();
    expect(
      (await inject(`/api/media/download/${id}`, { range: 'bytes=0-1', 'if-range': old })).statusCode,
    ).toBe(200);
  });

  it.skipIf(!hasFfmpeg)('transcodes a low-quality stream once, caches it and serves ranges', async () => {
    const id = ids['01 はじめに.mp3']!;
    const [a, b] = await Promise.all([
      inject(`/api/media/stream-lq/${id}`),
      inject(`/api/media/stream-lq/${id}`),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('audio/mpeg');
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(a.rawPayload.length).toBeGreaterThan(1000);
    expect(a.rawPayload.length).toBeLessThan(files['01 はじめに.mp3']!.length);
    const cached = fs.readdirSync(path.join(ta.config.dataDir, 'transcodes'));
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatch(new RegExp(`^${id}-.+\\.mp3$`));
    const part = await inject(`/api/media/stream-lq/${id}`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(a.rawPayload.subarray(0, 100))).toBe(true);
    expect((await inject(`/api/media/stream-lq/${ids['説明.txt']}`)).statusCode).toBe(400);
    const broken = await inject(`/api/media/stream-lq/${ids['2.mp3']}`);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error).toMatch(/cannot be transcoded/);
    expect(
      fs.readdirSync(path.join(ta.config.dataDir, 'transcodes')).filter((f) => f.endsWith('.tmp')),
    ).toEqual([]);
  });

  it('serves covers with long-lived caching, a placeholder, 404 and 400', async () => {
    const res = await inject('/api/cover/1441165.jpg?type=240x240');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=604800, immutable');
    // Strong: the ETag names the variant's exact bytes.
    expect(String(res.headers.etag)).toMatch(/^"[^"]+"$/);
    expect(res.rawPayload.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
    expect(
      (await inject('/api/cover/RJ01441165.jpg', { 'if-none-match': String(res.headers.etag) })).statusCode,
    ).toBe(200);
    const again = await inject('/api/cover/1441165.jpg?type=240x240', {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=604800, immutable');
    // A cover cache emptied behind the server's back: the variant is made again, same bytes.
    fs.rmSync(path.join(ta.config.dataDir, 'covers'), { recursive: true, force: true });
    const remade = await inject('/api/cover/1441165.jpg?type=240x240');
    expect(remade.statusCode).toBe(200);
    expect(remade.headers.etag).toBe(res.headers.etag);
    expect(remade.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await inject('/api/cover/777.jpg')).statusCode).toBe(404);
    expect((await inject('/api/cover/1441165.jpg?type=huge')).statusCode).toBe(400);
  });

  it('serves the same cover as WebP under {id}.webp, with its own tag', async () => {
    const jpeg = await inject('/api/cover/1441165.jpg?type=sam');
    const webp = await inject('/api/cover/RJ01441165.webp?type=sam');
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(webp.headers['content-disposition']).toContain('1441165-sam.webp');
    const bytes = webp.rawPayload;
    expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(8, 12).toString('latin1')]).toEqual([
      'RIFF',
      'WEBP',
    ]);
    expect(webp.headers.etag).not.toBe(jpeg.headers.etag);
    const again = await inject('/api/cover/1441165.webp?type=sam', {
      'if-none-match': String(webp.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // The JPEG's tag does not revalidate the WebP.
    const other = await inject('/api/cover/1441165.webp?type=sam', {
      'if-none-match': String(jpeg.headers.etag),
    });
    expect(other.statusCode).toBe(200);
    expect((await inject('/api/cover/777.webp')).statusCode).toBe(404);
    expect((await inject('/api/cover/1441165.webp.jpg')).statusCode).toBe(400);
  });
});
