/** The rooted storage: relative paths only, nothing outside the root once opened, links included. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Library } from '../../src/storage/library.ts';
import { Root, StorageError } from '../../src/storage/root.ts';

let base: string;
let root: Root;

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => (e instanceof StorageError ? e.reason : `unexpected: ${e}`),
  );

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-root-'));
  const lib = path.join(base, 'library');
  fs.mkdirSync(path.join(lib, 'RJ01000001 x/sub'), { recursive: true });
  fs.mkdirSync(path.join(base, 'outside'));
  fs.writeFileSync(path.join(lib, 'RJ01000001 x/01.wav'), 'inside audio');
  fs.writeFileSync(path.join(lib, 'RJ01000001 x/sub/notes.txt'), 'notes');
  fs.writeFileSync(path.join(base, 'outside/secret.txt'), 'secret outside the library');
  // A link inside the library to another file inside it: the scanner indexes those.
  fs.symlinkSync('01.wav', path.join(lib, 'RJ01000001 x/alias.wav'));
  fs.symlinkSync(path.join(base, 'outside/secret.txt'), path.join(lib, 'RJ01000001 x/link.txt'));
  fs.symlinkSync(path.join(base, 'outside'), path.join(lib, 'RJ01000001 x/outdir'));
  execFileSync('mkfifo', [path.join(lib, 'RJ01000001 x/fifo.mp3')]);
  root = new Root(lib);
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('Root', () => {
  it('opens, stats, reads and lists files under the root', async () => {
    const f = await root.open('RJ01000001 x/01.wav');
    expect(f.stat.isFile()).toBe(true);
    expect((await f.handle.readFile()).toString()).toBe('inside audio');
    await f.handle.close();
    expect((await root.readFile('RJ01000001 x/alias.wav')).toString()).toBe('inside audio');
    expect((await root.stat('RJ01000001 x/sub')).isDirectory()).toBe(true);
    const names = (await root.list('RJ01000001 x')).map((d) => d.name).sort();
    expect(names).toEqual(['01.wav', 'alias.wav', 'fifo.mp3', 'link.txt', 'outdir', 'sub']);
    expect((await root.list('RJ01000001 x/sub')).map((d) => d.name)).toEqual(['notes.txt']);
  });

  it('refuses paths and links that lead outside, whatever the operation', async () => {
    const secret = path.relative(root.dir, path.join(base, 'outside/secret.txt'));
    expect(secret.startsWith('..')).toBe(true);
    for (const rel of [
      secret,
      'RJ01000001 x/../../outside/secret.txt',
      path.join(base, 'outside/secret.txt'),
      'RJ01000001 x/link.txt',
      'RJ01000001 x/outdir/secret.txt',
    ]) {
      expect(await reason(root.open(rel))).toBe('outside');
      expect(await reason(root.readFile(rel))).toBe('outside');
      expect(await reason(root.stat(rel))).toBe('outside');
    }
    expect(await reason(root.list('RJ01000001 x/outdir'))).toBe('outside');
    expect(await reason(root.list('..'))).toBe('outside');
    expect(await reason(root.open('RJ01000001 x/01.wav\0.txt'))).toBe('outside');
  });

  it('answers missing for absent entries and not-a-file for folders and FIFOs (without blocking)', async () => {
    expect(await reason(root.open('RJ01000001 x/gone.wav'))).toBe('missing');
    expect(await reason(root.open('RJ01000001 x/01.wav/x'))).toBe('missing');
    expect(await reason(root.open('RJ01000001 x/sub'))).toBe('not-a-file');
    expect(await reason(root.open('RJ01000001 x/fifo.mp3'))).toBe('not-a-file');
    expect(await reason(new Root(path.join(base, 'no-such-root')).open('a.wav'))).toBe('missing');
  });

  it('follows a root that is itself reached through a link', async () => {
    const linked = path.join(base, 'linked-library');
    fs.symlinkSync(root.dir, linked);
    const viaLink = new Root(linked);
    expect((await viaLink.readFile('RJ01000001 x/01.wav')).toString()).toBe('inside audio');
    expect(await reason(viaLink.open('RJ01000001 x/link.txt'))).toBe('outside');
  });
});

describe('Library', () => {
  it('locates a work file by root index and folder; a root no longer configured is missing', async () => {
    const library = new Library([root.dir]);
    const { root: r, rel } = library.locate({ root_index: 0, folder_path: 'RJ01000001 x' }, 'sub/notes.txt');
    expect((await r.readFile(rel)).toString()).toBe('notes');
    expect(() => library.locate({ root_index: 3, folder_path: 'x' }, 'a.wav')).toThrow(StorageError);
    // A `..` in the catalogue path cannot climb out of the work folder into a neighbour.
    const up = library.locate({ root_index: 0, folder_path: 'RJ01000001 x/sub' }, '../01.wav');
    expect(await reason(up.root.open(up.rel))).toBe('outside');
  });
});
