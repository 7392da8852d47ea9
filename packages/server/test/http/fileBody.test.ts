/**
 * File bodies sent through the reused read buffers (src/http/fileBody.ts), over real HTTP: the
 * bytes of the range asked, every buffer back in the pool once the socket is done with it, and
 * the file handle closed whether the body completed or the client went away.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pooledBuffers, READ_CHUNK, sendFileBody } from '../../src/http/fileBody.ts';

const SIZE = 3 * READ_CHUNK + 12_345;

describe('file bodies from reused buffers', () => {
  let dir: string;
  let file: string;
  let bytes: Buffer;
  let server: http.Server;
  let base: string;
  const handles: FileHandle[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-body-'));
    file = path.join(dir, 'body.bin');
    bytes = crypto.randomBytes(SIZE);
    fs.writeFileSync(file, bytes);
    server = http.createServer(async (req, res) => {
      if (req.url === '/late') {
        // The body begins only once the client has gone: no 'close' or 'drain' will come.
        await new Promise((r) => res.once('close', r));
        const handle = await fs.promises.open(file);
        handles.push(handle);
        sendFileBody(res, handle, 0, SIZE - 1, { onReadError: () => {}, onShort: () => {} });
        return;
      }
      const [start, end] = (req.url ?? '').slice(1).split('-').map(Number) as [number, number];
      const handle = await fs.promises.open(file);
      handles.push(handle);
      res.writeHead(200, { 'content-length': String(end - start + 1) });
      sendFileBody(res, handle, start, end, { onReadError: () => {}, onShort: () => {} });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = async (start: number, end: number) =>
    Buffer.from(await (await fetch(`${base}/${start}-${end}`)).arrayBuffer());

  it('sends exactly the bytes of any range, and closes the file', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: SIZE - 1 }),
        fc.integer({ min: 0, max: SIZE - 1 }),
        async (a, b) => {
          const [start, end] = a <= b ? [a, b] : [b, a];
          expect((await get(start, end)).equals(bytes.subarray(start, end + 1))).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
    await new Promise((r) => setTimeout(r, 20));
    for (const h of handles) expect(h.fd).toBe(-1);
  });

  it('reuses its buffers: many bodies at once leave a bounded pool behind', async () => {
    await Promise.all(Array.from({ length: 8 }, () => get(0, SIZE - 1)));
    await new Promise((r) => setTimeout(r, 20));
    const pooled = pooledBuffers();
    expect(pooled).toBeGreaterThan(0);
    expect(pooled).toBeLessThanOrEqual(16);
    // A further body takes its buffers from the pool and gives them back.
    expect((await get(0, SIZE - 1)).equals(bytes)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(pooledBuffers()).toBe(pooled);
  });

  it('closes the file when the client had gone before the body began', async () => {
    const before = handles.length;
    await new Promise<void>((resolve) => {
      const req = http.get(`${base}/late`);
      req.on('error', () => resolve());
      setTimeout(() => req.destroy(), 50);
    });
    for (let i = 0; i < 50 && handles.length === before; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    expect(handles.length).toBe(before + 1);
    expect(handles.at(-1)!.fd).toBe(-1);
  });

  it('closes the file when the client goes away mid-body', async () => {
    const before = handles.length;
    await new Promise<void>((resolve) => {
      const req = http.get(`${base}/0-${SIZE - 1}`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(handles.length).toBe(before + 1);
    expect(handles.at(-1)!.fd).toBe(-1);
  });
});
