/**
 * `GET /api/media/download-zip/{workId}?path=`: a work or one folder as a stored ZIP, read back
 * by an independent reader (fflate), by `unzip -t` where installed, and by a central-directory
 * walk here that checks flags, CRCs and sizes; its refusals; a client that goes away mid-stream.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const WORK = 1441165;
const FOLDER = 'RJ01441165 耳かき';
const hasUnzip = spawnSync('unzip', ['-v']).status === 0;
if (!hasUnzip)
  console.warn('unzip is not installed: the archives are checked by fflate and the directory walk only');

/** Name → bytes of the test work; mp3/ and wav/ share file names on purpose. */
function library(): Record<string, Buffer> {
  const bytes = (n: number, seed: number) => {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = (i * seed) & 0xff;
    return b;
  };
  return {
    'mp3/01 はじめに.mp3': bytes(70_000, 7),
    'mp3/おまけ/02.mp3': bytes(3_000, 11),
    'wav/01 はじめに.mp3': bytes(5_000, 13),
    '説明.txt': Buffer.from('説明です'),
    'big/long.flac': bytes(24 * 1024 * 1024, 3),
  };
}

interface CentralEntry {
  name: string;
  flags: number;
  crc: number;
  size: number;
  data: Buffer;
}

/** The central directory of a ZIP (no ZIP64 here), each entry's data read from its local header. */
function readCentral(zip: Buffer): CentralEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(zip.length - 22);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const local = zip.readUInt32LE(at + 42);
    const size = zip.readUInt32LE(at + 24);
    expect(zip.readUInt16LE(at + 10)).toBe(0); // stored
    expect(zip.readUInt32LE(at + 20)).toBe(size); // compressed size = size
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      flags: zip.readUInt16LE(at + 8),
      crc: zip.readUInt32LE(at + 16),
      size,
      data: zip.subarray(dataAt, dataAt + size),
    });
    at += 46 + nameLength + extraLength;
  }
  return out;
}

describe.each(DIALECTS)('work archives (%s)', (dialect) => {
  let ta: TestApp;
  let files: Record<string, Buffer>;
  let cookie: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    ta.app.inject({ url, headers: { cookie, ...headers } });

  beforeAll(async () => {
    ta = await startTestApp(dialect, { allowAnonymousMedia: false });
    const root = ta.config.libraryRoots[0]!;
    files = library();
    for (const [rel, data] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, FOLDER, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, FOLDER, rel), data);
    }
    fs.mkdirSync(path.join(root, 'RJ00000002', 'bad'), { recursive: true });
    fs.writeFileSync(path.join(root, 'RJ00000002', 'ok.mp3'), 'fine');
    fs.symlinkSync('/etc/hostname', path.join(root, 'RJ00000002', 'bad', 'evil.mp3'));
    await seedWorks(ta.db, [
      {
        id: WORK,
        title: '耳かき',
        folder_path: FOLDER,
        files: Object.entries(files).map(([p, data]) => ({ path: p, type: 'audio', size: data.length })),
      },
      {
        id: 2,
        title: 'with a link out of the library',
        folder_path: 'RJ00000002',
        files: [
          { path: 'ok.mp3', type: 'audio', size: 4 },
          { path: 'bad/evil.mp3', type: 'audio', size: fs.statSync('/etc/hostname').size },
        ],
      },
    ]);
    await createUser(ta.db, { name: 'listener', password: 'listener-pw' });
    const login = await ta.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'listener', password: 'listener-pw' },
    });
    cookie = String(login.headers['set-cookie']).split(';')[0]!;
  });
  afterAll(() => ta.close());

  it('sends every file of the work with its folders, byte for byte, with a Content-Length', async () => {
    const res = await get(`/api/media/download-zip/${WORK}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''RJ01441165.zip");
    const zip = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(zip.length);

    const central = readCentral(zip);
    expect(central.map((e) => e.name).sort()).toEqual(Object.keys(files).sort());
    for (const e of central) {
      expect(e.flags & 0x0800).toBe(0x0800); // UTF-8 names
      expect(e.crc).toBe(crc32(e.data));
      expect(e.data.equals(files[e.name]!)).toBe(true);
    }
    const unpacked = unzipSync(new Uint8Array(zip));
    expect(Object.keys(unpacked).sort()).toEqual(Object.keys(files).sort());
    for (const [name, data] of Object.entries(files))
      expect(Buffer.from(unpacked[name]!).equals(data)).toBe(true);

    if (hasUnzip) {
      const file = path.join(ta.dir, 'all.zip');
      fs.writeFileSync(file, zip);
      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    }
  });

  it('sends one folder from that folder down; HEAD gives the same length', async () => {
    const folder = encodeURIComponent('mp3/おまけ');
    const sub = await get(`/api/media/download-zip/${WORK}?path=${folder}`);
    expect(sub.statusCode).toBe(200);
    expect(readCentral(sub.rawPayload).map((e) => e.name)).toEqual(['おまけ/02.mp3']);
    expect(sub.headers['content-disposition']).toContain(encodeURIComponent('RJ01441165 おまけ.zip'));

    const mp3 = await get(`/api/media/download-zip/${WORK}?path=mp3`);
    const names = readCentral(mp3.rawPayload).map((e) => e.name);
    expect(names).toEqual(['mp3/01 はじめに.mp3', 'mp3/おまけ/02.mp3']);
    const head = await ta.app.inject({
      method: 'HEAD',
      url: `/api/media/download-zip/${WORK}?path=mp3`,
      headers: { cookie },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(mp3.rawPayload.length));
  });

  it('refuses what it cannot send', async () => {
    const cases: [string, number][] = [
      [`/api/media/download-zip/${WORK}?path=nope`, 404],
      [`/api/media/download-zip/${WORK}?path=mp`, 404],
      [`/api/media/download-zip/${WORK}?path=${encodeURIComponent('../RJ00000002')}`, 400],
      [`/api/media/download-zip/${WORK}?path=${encodeURIComponent('mp3/./おまけ')}`, 400],
      ['/api/media/download-zip/999999', 404],
      ['/api/media/download-zip/abc', 400],
      ['/api/media/download-zip/2', 403],
      ['/api/media/download-zip/2?path=bad', 403],
    ];
    for (const [url, status] of cases) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await get('/api/media/download-zip/2?path=missing')).statusCode).toBe(404);
  });

  it('is authorised like single-file downloads: the media cookie or a token', async () => {
    const anonymous = await ta.app.inject({ url: `/api/media/download-zip/${WORK}?path=wav` });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(`/api/media/download-zip/${WORK}?path=wav`)).statusCode).toBe(200);
    const bad = await ta.app.inject({ url: `/api/media/download-zip/${WORK}?path=wav&token=nonsense` });
    expect(bad.statusCode).toBe(401);
  });

  it('closes the file it was reading when the client goes away mid-stream', async () => {
    await ta.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ta.app.server.address() as AddressInfo;
    let afterHangUp = () => {};
    const libraryDir = fs.realpathSync(ta.config.libraryRoots[0]!);
    const openInLibrary = () =>
      fs
        .readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target.startsWith(libraryDir));

    // The client reads one chunk and stops reading: the server, held back by the full socket,
    // keeps the 24 MiB file open; then the client hangs up.
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: `/api/media/download-zip/${WORK}?path=big`, headers: { cookie } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', (chunk: Buffer) => {
            res.pause();
            resolve(chunk.length);
          });
        },
      );
      req.on('error', reject);
      afterHangUp = () => req.destroy();
    });
    await vi.waitFor(() => expect(openInLibrary().length).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 50,
    });
    afterHangUp();
    expect(received).toBeLessThan(files['big/long.flac']!.length);
    await vi.waitFor(() => expect(openInLibrary()).toEqual([]), { timeout: 10_000, interval: 50 });
    // The server still answers afterwards.
    expect((await get(`/api/media/download-zip/${WORK}?path=wav`)).statusCode).toBe(200);
  });
});
