/**
 * The media path under attack and under faults, over real HTTP: a playlist hidden in an audio
 * file, a catalogued file swapped for a symlink while it is requested, a file truncated while it
 * is sent, and a full disk while transcoding.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/config.ts';
import { DIALECTS } from '../helpers/db.ts';
import { ffmpegAvailableFor } from '../helpers/ffmpeg.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const hasFfmpeg = ffmpegAvailableFor('the transcode hardening tests are');

const WORK = 1200001;
const FOLDER = 'RJ01200001 hardening';
const SWAP_SIZE = 64 * 1024;
const BIG_SIZE = 64 * 1024 * 1024;

function tone(out: string, seconds: number, frequency: number): Buffer {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:duration=${seconds}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    out,
  ]);
  return fs.readFileSync(out);
}

function durationOf(bytes: Buffer, dir: string): number {
  const file = path.join(dir, `probe-${process.pid}-${Date.now()}.mp3`);
  fs.writeFileSync(file, bytes);
  try {
    const out = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ]);
    return Number(out.toString().trim());
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Mounts a small tmpfs (root only); null, with a notice, where mounting is not permitted. */
function mountTmpfs(dir: string, size: string): (() => void) | null {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    console.warn('[notice] cannot mount a tmpfs here (needs root): the disk-full transcode test is skipped');
    return null;
  }
  return () => execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
}

/** Fills a file system until it refuses to take more. */
function fill(file: string): void {
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  // The last partial block: write byte by byte until nothing is left.
  const tail = fs.openSync(file, 'a');
  try {
    for (;;) fs.writeSync(tail, Buffer.alloc(512, 1));
  } catch {
    // full
  } finally {
    fs.closeSync(tail);
  }
}

describe.each(DIALECTS)('media hardening on %s', (dialect) => {
  let ta: TestApp;
  let base: string;
  let work: string;
  let outside: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await ta.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ta.app.server.address() as AddressInfo).port}`;
    work = path.join(ta.config.libraryRoots[0]!, FOLDER);
    outside = path.join(ta.dir, 'outside');
    fs.mkdirSync(work, { recursive: true });
    fs.mkdirSync(outside, { recursive: true });
    const files: { path: string; type: 'audio' | 'other'; size: number }[] = [];
    const put = (rel: string, data: Buffer, type: 'audio' | 'other' = 'other') => {
      fs.writeFileSync(path.join(work, rel), data);
      files.push({ path: rel, type, size: data.length });
    };
    // The swap race: the catalogued file and a same-sized secret outside the library.
    put('swap.bin', Buffer.alloc(SWAP_SIZE, 'R'));
    fs.linkSync(path.join(work, 'swap.bin'), path.join(work, '.swap-original'));
    fs.writeFileSync(path.join(outside, 'secret.bin'), Buffer.alloc(SWAP_SIZE, 'S'));
    put('big.bin', Buffer.alloc(BIG_SIZE, 'B'));
    if (hasFfmpeg) {
      // A long secret recording outside, and an .mp3 that starts with a playlist pointing at it.
      tone(path.join(outside, 'secret.mp3'), 8, 880);
      const inner = tone(path.join(ta.dir, 'inner.mp3'), 1, 440);
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:8,\nfile://${path.join(outside, 'secret.mp3')}\n#EXT-X-ENDLIST\n`;
      put('trick.mp3', Buffer.concat([Buffer.from(playlist), inner]), 'audio');
      put('plain.mp3', tone(path.join(ta.dir, 'plain.mp3'), 2, 440), 'audio');
    }
    await seedWorks(ta.db, [{ id: WORK, title: 'hardening', folder_path: FOLDER, files }]);
    for (const r of await ta.db.selectFrom('files').select(['id', 'path']).execute()) ids[r.path] = r.id;
  });
  afterAll(() => ta.close());

  it.skipIf(!hasFfmpeg)('never follows a playlist hidden in an audio file when transcoding', async () => {
    const res = await fetch(`${base}/api/media/stream-lq/${ids['trick.mp3']}`);
    // Transcoded as the MP3 it claims to be (its one second of audio) or refused: never the
    // eight seconds of the file outside the library the playlist names.
    if (res.status === 200) {
      const seconds = durationOf(Buffer.from(await res.arrayBuffer()), ta.dir);
      expect(seconds).toBeLessThan(3);
    } else {
      expect(res.status).toBe(422);
    }
  });

  it('never sends a byte of a symlink target swapped in while the file is requested', async () => {
    const target = path.join(work, 'swap.bin');
    const secret = path.join(outside, 'secret.bin');
    const original = path.join(work, '.swap-original');
    // The swapper runs in its own process, flipping the catalogued name between the real file
    // and a link to the secret, for at most 20 s (ended as soon as the requests are done).
    const swapper = spawn(
      process.execPath,
      [
        '-e',
        `const fs=require('fs');const [t,s,o]=process.argv.slice(1);const stop=Date.now()+20000;
         while(Date.now()<stop){fs.symlinkSync(s,t+'.l');fs.renameSync(t+'.l',t);fs.linkSync(o,t+'.r');fs.renameSync(t+'.r',t);}`,
        target,
        secret,
        original,
      ],
      { stdio: 'ignore' },
    );
    const statuses: Record<number, number> = {};
    let leaked = 0;
    let served = 0;
    try {
      const client = async () => {
        for (let i = 0; i < 60; i++) {
          const res = await fetch(`${base}/api/media/stream/${ids['swap.bin']}`);
          const body = Buffer.from(await res.arrayBuffer());
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (body.includes('SSSS')) leaked++;
          if (res.status === 200) {
            expect(body.equals(Buffer.alloc(SWAP_SIZE, 'R'))).toBe(true);
            served++;
          }
        }
      };
      await Promise.all(Array.from({ length: 16 }, client));
    } finally {
      swapper.kill('SIGKILL');
      await new Promise((r) => swapper.once('exit', r));
      fs.rmSync(target, { force: true });
      fs.linkSync(original, target);
    }
    expect(leaked).toBe(0);
    // The race really ran: the file was both served and refused (the link leads outside: 403).
    expect(served).toBeGreaterThan(0);
    expect(statuses[403] ?? 0).toBeGreaterThan(0);
    for (const status of Object.keys(statuses)) expect(['200', '403', '404']).toContain(status);
  }, 60_000);

  it('closes the connection when the file is truncated while it is sent', async () => {
    const file = path.join(work, 'big.bin');
    const agent = new http.Agent({ keepAlive: true });
    try {
      const outcome = await new Promise<{ announced: number; received: number; complete: boolean }>(
        (resolve, reject) => {
          http
            .get(`${base}/api/media/stream/${ids['big.bin']}`, { agent }, (res) => {
              const announced = Number(res.headers['content-length']);
              let received = 0;
              let truncated = false;
              res.on('data', (chunk: Buffer) => {
                received += chunk.length;
                if (truncated) return;
                truncated = true;
                res.pause();
                fs.truncateSync(file, 1024 * 1024);
                setTimeout(() => res.resume(), 50);
              });
              // Ended by the server: either a clean end (all bytes) or an aborted response.
              res.on('close', () => resolve({ announced, received, complete: res.complete }));
              res.on('error', () => {});
            })
            .on('error', reject);
        },
      );
      expect(outcome.announced).toBe(BIG_SIZE);
      expect(outcome.received).toBeLessThan(BIG_SIZE);
      expect(outcome.complete).toBe(false);
    } finally {
      agent.destroy();
      fs.writeFileSync(file, Buffer.alloc(BIG_SIZE, 'B'));
    }
  }, 30_000);

  it.skipIf(!hasFfmpeg)(
    'answers 507 when the disk is full and transcodes once space is freed',
    async () => {
      const dir = paths.transcodes(ta.config);
      const unmount = mountTmpfs(dir, '256k');
      if (!unmount) return;
      try {
        const filler = path.join(dir, 'filler');
        fill(filler);
        const full = await fetch(`${base}/api/media/stream-lq/${ids['plain.mp3']}`);
        expect(full.status).toBe(507);
        expect(await full.json()).toEqual({
          error: expect.stringMatching(/disk/i),
          code: 'INSUFFICIENT_STORAGE',
        });
        // Nothing half-written was kept, and nothing empty was cached.
        expect(fs.readdirSync(dir)).toEqual(['filler']);

        fs.rmSync(filler);
        const freed = await fetch(`${base}/api/media/stream-lq/${ids['plain.mp3']}`);
        expect(freed.status).toBe(200);
        const body = Buffer.from(await freed.arrayBuffer());
        expect(body.length).toBeGreaterThan(1000);
        expect(durationOf(body, ta.dir)).toBeGreaterThan(1.5);
        const cached = fs.readdirSync(dir);
        expect(cached).toHaveLength(1);
        expect(fs.statSync(path.join(dir, cached[0]!)).size).toBe(body.length);
      } finally {
        unmount();
      }
    },
    30_000,
  );
});
