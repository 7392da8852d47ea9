/**
 * Front proxy mode through a real nginx: the server authorises and answers X-Accel-Redirect,
 * nginx sends the bytes. Skipped with a notice where nginx is not installed.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_POLICY } from '../../src/securityHeaders.ts';
import { DIALECTS } from '../helpers/db.ts';
import {
  accelServerBlock,
  freePort,
  nginxBinary,
  type RunningNginx,
  SECURITY_HEADERS,
  startNginx,
} from '../helpers/nginx.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const bin = nginxBinary();
if (!bin) console.warn('[notice] nginx not found: the front proxy (X-Accel-Redirect) tests are skipped');

const WORK = 1300001;
const FOLDER = 'RJ01300001 前面プロキシ';
const NAME = '01 はじめに #1 100%.mp3';
/** A folder and file named in Shift_JIS (サン: 83 54 83 93), catalogued with U+FFFD (issue 20 §5). */
const SJIS_WORK = 1300002;
const SAN = Buffer.from([0x83, 0x54, 0x83, 0x93]);
const SAN_SHOWN = '\uFFFDT\uFFFD\uFFFD';
const bytesPath = (...parts: (string | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));

describe.skipIf(!bin).each(DIALECTS)('nginx in front, accel mode, on %s', (dialect) => {
  let ta: TestApp;
  let nginx: RunningNginx;
  let base: string;
  let upstream: string;
  let audio: Buffer;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ta = await startTestApp(dialect, { accel: 'nginx' });
    await ta.app.listen({ host: '127.0.0.1', port: 0 });
    upstream = `127.0.0.1:${(ta.app.server.address() as AddressInfo).port}`;
    const work = path.join(ta.config.libraryRoots[0]!, FOLDER);
    fs.mkdirSync(path.join(work, 'CD 1'), { recursive: true });
    audio = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    fs.writeFileSync(path.join(work, 'CD 1', NAME), audio);
    fs.writeFileSync(path.join(ta.dir, 'secret.txt'), 'secret outside the library');
    fs.symlinkSync(path.join(ta.dir, 'secret.txt'), path.join(work, 'evil.mp3'));
    fs.symlinkSync(`CD 1/${NAME}`, path.join(work, 'linked.mp3'));
    fs.mkdirSync(bytesPath(ta.config.libraryRoots[0]!, '/RJ01300002 ', SAN));
    fs.writeFileSync(bytesPath(ta.config.libraryRoots[0]!, '/RJ01300002 ', SAN, '/01 ', SAN, '.mp3'), audio);
    await seedWorks(ta.db, [
      {
        id: SJIS_WORK,
        title: 'shift_jis names',
        folder_path: `RJ01300002 ${SAN_SHOWN}`,
        files: [{ path: `01 ${SAN_SHOWN}.mp3`, type: 'audio', size: audio.length, duration: 1 }],
      },
      {
        id: WORK,
        title: 'front proxy',
        folder_path: FOLDER,
        files: [
          { path: `CD 1/${NAME}`, type: 'audio', size: audio.length, duration: 1 },
          { path: 'evil.mp3', type: 'audio', size: 26, duration: 1 },
          { path: 'linked.mp3', type: 'audio', size: audio.length, duration: 1 },
        ],
      },
    ]);
    for (const r of await ta.db.selectFrom('files').select(['id', 'path']).execute()) ids[r.path] = r.id;
    const port = await freePort();
    nginx = await startNginx({
      bin: bin!,
      dir: path.join(ta.dir, 'nginx'),
      port,
      http: accelServerBlock({
        listen: `127.0.0.1:${port}`,
        upstream,
        accelPrefix: ta.config.accelPrefix,
        roots: ta.config.libraryRoots,
      }),
    });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await nginx?.stop();
    await ta.close();
  });

  const id = () => ids[`CD 1/${NAME}`]!;

  it('sends the bytes, with the type and name the server chose', async () => {
    const res = await fetch(`${base}/api/media/download/${id()}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(audio)).toBe(true);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-length')).toBe(String(audio.length));
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; .*filename\*=UTF-8''01%20/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(res.headers.get('x-accel-redirect')).toBeNull();
    const stream = await fetch(`${base}/api/media/stream/${WORK}/${id()}`);
    expect(Buffer.from(await stream.arrayBuffer()).equals(audio)).toBe(true);
    expect(stream.headers.get('content-disposition')).toMatch(/^inline; /);
  });

  it('sends a file whose names are not UTF-8 by their bytes', async () => {
    const res = await fetch(`${base}/api/media/stream/${ids[`01 ${SAN_SHOWN}.mp3`]}`, {
      headers: { range: 'bytes=100-199' },
    });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(audio.subarray(100, 200))).toBe(true);
  });

  it('carries the security headers of the server over to the files nginx sends', async () => {
    // Before: an accelerated file had none of them (nginx drops an X-Accel-Redirect's headers).
    const direct = await fetch(`http://${upstream}/api/health`);
    for (const url of [`/api/media/download/${id()}`, `/api/media/stream/${id()}`]) {
      for (const range of [undefined, 'bytes=0-99']) {
        const res = await fetch(`${base}${url}`, { headers: range ? { range } : {} });
        await res.arrayBuffer();
        expect(res.status).toBe(range ? 206 : 200);
        for (const h of SECURITY_HEADERS) {
          expect(res.headers.get(h), `${h} on ${url}`).toBe(direct.headers.get(h));
          expect(res.headers.get(h)).toBeTruthy();
        }
      }
    }
    expect(direct.headers.get('content-security-policy')).toBe(RESOURCE_POLICY);
  });

  it('answers ranges, HEAD and revalidation in nginx', async () => {
    const part = await fetch(`${base}/api/media/stream/${id()}`, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${audio.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(`${base}/api/media/stream/${id()}`, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(audio.subarray(audio.length - 10))).toBe(true);

    const head = await fetch(`${base}/api/media/stream/${id()}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(audio.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const etag = head.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/api/media/stream/${id()}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('never reaches a file for an unknown, refused or direct request', async () => {
    const unknown = await fetch(`${base}/api/media/stream/987654`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'File not found', code: 'FILE_NOT_FOUND' });
    const evil = await fetch(`${base}/api/media/stream/${ids['evil.mp3']}`);
    expect(evil.status).toBe(403);
    expect(await evil.text()).not.toContain('secret');
    // nginx opens the path again without following links (disable_symlinks): a link, even one
    // the server accepted, is refused there, so a link swapped in after the server's check is too.
    const linked = await fetch(`${base}/api/media/stream/${ids['linked.mp3']}`);
    expect(linked.status).toBe(403);
    expect(Buffer.from(await linked.arrayBuffer()).includes(audio.subarray(0, 64))).toBe(false);
    const wrongWork = await fetch(`${base}/api/media/stream/5/${id()}`);
    expect(wrongWork.status).toBe(404);
    // The internal location answers only the server's redirects, never a client.
    const direct = await fetch(
      `${base}${ta.config.accelPrefix}/0/${encodeURIComponent(FOLDER)}/CD%201/${encodeURIComponent(NAME)}`,
    );
    expect(direct.status).toBe(404);
    expect(Buffer.from(await direct.arrayBuffer()).includes(audio.subarray(0, 64))).toBe(false);
  });

  it('refuses anonymous media before the proxy sees a path when the setting says so', async () => {
    ta.config.allowAnonymousMedia = false;
    try {
      const res = await fetch(`${base}/api/media/stream/${id()}`);
      expect(res.status).toBe(401);
      expect(Buffer.from(await res.arrayBuffer()).includes(audio.subarray(0, 64))).toBe(false);
    } finally {
      ta.config.allowAnonymousMedia = true;
    }
  });
});

describe('X-Sendfile mode (Apache mod_xsendfile, lighttpd)', () => {
  it('answers the percent-encoded absolute path and no body; refusals stay refusals', async () => {
    const ta = await startTestApp('sqlite', { accel: 'sendfile' });
    try {
      const work = path.join(ta.config.libraryRoots[0]!, FOLDER);
      fs.mkdirSync(work, { recursive: true });
      fs.writeFileSync(path.join(work, NAME), 'audio');
      fs.symlinkSync('/etc/passwd', path.join(work, 'evil.mp3'));
      const raw = bytesPath(work, '/01 ', SAN, '.mp3');
      fs.writeFileSync(raw, 'audio');
      await seedWorks(ta.db, [
        {
          id: WORK,
          title: 'sendfile',
          folder_path: FOLDER,
          files: [
            { path: NAME, type: 'audio', size: 5, duration: 1 },
            { path: 'evil.mp3', type: 'audio', size: 5, duration: 1 },
            { path: `01 ${SAN_SHOWN}.mp3`, type: 'audio', size: 5, duration: 1 },
          ],
        },
      ]);
      const rows = await ta.db.selectFrom('files').select(['id', 'path']).orderBy('path').execute();
      const res = await ta.app.inject({ url: `/api/media/stream/${rows.find((r) => r.path === NAME)!.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      expect(decodeURIComponent(res.headers['x-sendfile'] as string)).toBe(path.join(work, NAME));
      expect(res.headers['x-sendfile']).toMatch(/^[\x21-\x7e]+$/);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      // A name that is not UTF-8: its bytes, percent-encoded one by one.
      const sjis = await ta.app.inject({
        url: `/api/media/stream/${rows.find((r) => r.path.startsWith('01 \uFFFD'))!.id}`,
      });
      expect(sjis.statusCode).toBe(200);
      const header = sjis.headers['x-sendfile'] as string;
      expect(header).toMatch(/^[\x21-\x7e]+$/);
      const unescaped = header.replace(/%([0-9A-F]{2})/g, (_, x: string) =>
        String.fromCharCode(Number.parseInt(x, 16)),
      );
      expect(Buffer.from(unescaped, 'latin1').equals(raw)).toBe(true);
      const evil = await ta.app.inject({
        url: `/api/media/stream/${rows.find((r) => r.path === 'evil.mp3')!.id}`,
      });
      expect(evil.statusCode).toBe(403);
      expect(evil.headers['x-sendfile']).toBeUndefined();
    } finally {
      await ta.close();
    }
  });
});
