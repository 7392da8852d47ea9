/**
 * Names that are not valid UTF-8, between the scanner's listing and the storage's opening
 * (storage/byteNames.ts): whatever the bytes, a listed file opens again by its catalogued path
 * and gives its own content; only invalid names that read like a sibling once decoded are
 * left out, each reported.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorkTree } from '../../src/scanner/walk.ts';
import { decodeName, percentEncodeBytes } from '../../src/storage/byteNames.ts';
import { Root, StorageError } from '../../src/storage/root.ts';

let base: string;
beforeAll(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-bytes-')));
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const cat = (...parts: (string | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));

/** A file name's bytes: anything but NUL and '/', often high bytes (Shift_JIS, Latin-1, broken UTF-8). */
const nameBytes = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0x80, max: 0xff }),
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.constantFrom(0xe3, 0x81, 0x82, 0xef, 0xbf, 0xbd),
    ),
    { minLength: 1, maxLength: 40 },
  )
  .map((a) => Buffer.from(a.map((b) => (b === 0x2f ? 0x5f : b))))
  .filter((b) => b[0] !== 0x2e && !['__MACOSX', 'Thumbs.db', 'desktop.ini'].includes(b.toString('latin1')));

describe('names that are not UTF-8, listed and opened again', () => {
  it('decodes with replacement characters, as the WHATWG decoder does, and keeps a BOM', () => {
    expect(decodeName(Buffer.from([0x83, 0x54, 0x83, 0x93]))).toEqual({
      name: '\uFFFDT\uFFFD\uFFFD',
      valid: false,
    });
    expect(decodeName(Buffer.from('サン'))).toEqual({ name: 'サン', valid: true });
    expect(decodeName(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ name: '\uFEFFa', valid: true });
  });

  it('any set of byte names: every file listed opens by its catalogued path with its own content', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(nameBytes, { minLength: 1, maxLength: 12, selector: (b) => b.toString('hex') }),
        async (names) => {
          const lib = path.join(base, `lib${run++}`);
          const work = path.join(lib, 'RJ01000001 w');
          fs.mkdirSync(work, { recursive: true });
          const content = new Map<string, Buffer>();
          for (const n of names) {
            const c = cat('content of ', n.toString('hex'));
            fs.writeFileSync(cat(work, '/', n), c);
            content.set(n.toString('hex'), c);
          }
          // Expected: invalid names whose decoded form another name also has are left out.
          const shown = names.map((n) => ({ n, ...decodeName(n), text: new TextDecoder().decode(n) }));
          const count = new Map<string, number>();
          for (const s of shown) count.set(s.name, (count.get(s.name) ?? 0) + 1);
          const kept = shown.filter((s) => s.valid || count.get(s.name) === 1);

          const tree = listWorkTree(work, [lib]);
          expect(tree.entries.map((e) => e.path).sort()).toEqual(kept.map((s) => s.name).sort());
          expect(tree.issues.filter((i) => i.reason === 'name-encoding')).toHaveLength(
            names.length - kept.length,
          );
          expect(tree.issues.filter((i) => i.reason !== 'name-encoding')).toEqual([]);
          const root = new Root(lib);
          for (const s of kept) {
            // The catalogue's text, with U+FFFD where a byte was not UTF-8 (BOM aside).
            expect(s.name.replace(/^\uFEFF/, '')).toBe(s.text);
            const opened = await root.readFile(`RJ01000001 w/${s.name}`);
            expect(opened.equals(content.get(s.n.toString('hex')) as Buffer)).toBe(true);
          }
          fs.rmSync(lib, { recursive: true, force: true });
        },
      ),
      { numRuns: 50 },
    );
  });

  it('gives a proxy the bytes of the path, percent-encoded', async () => {
    const lib = path.join(base, 'proxy');
    fs.mkdirSync(cat(lib, '/RJ01000002 ', Buffer.from([0x83, 0x54])), { recursive: true });
    fs.writeFileSync(cat(lib, '/RJ01000002 ', Buffer.from([0x83, 0x54]), '/01 a+b.wav'), 'audio');
    const opened = await new Root(lib).open('RJ01000002 \uFFFDT/01 a+b.wav');
    try {
      expect(opened.rawRel?.equals(cat('RJ01000002 ', Buffer.from([0x83, 0x54]), '/01 a+b.wav'))).toBe(true);
      expect(percentEncodeBytes(opened.rawRel as Buffer)).toBe('RJ01000002%20%83T/01%20a%2Bb.wav');
      expect(percentEncodeBytes(Buffer.from('サン/x y'))).toBe(
        'サン/x y'.split('/').map(encodeURIComponent).join('/'),
      );
    } finally {
      await opened.handle.close();
    }
    // A name that no entry decodes to, or that two do, is missing, never another file.
    const reason = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e) => (e instanceof StorageError ? e.reason : `${e}`),
      );
    expect(await reason(new Root(lib).open('RJ01000002 \uFFFD\uFFFD/01 a+b.wav'))).toBe('missing');
    fs.writeFileSync(cat(lib, '/x', Buffer.from([0x83])), '1');
    fs.writeFileSync(cat(lib, '/x', Buffer.from([0x84])), '2');
    expect(await reason(new Root(lib).open('x\uFFFD'))).toBe('missing');
  });
});
