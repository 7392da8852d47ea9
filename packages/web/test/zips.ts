/**
 * Zip archives for tests, built with fflate. Names written by old Japanese or Chinese tools are
 * raw Shift_JIS / GBK bytes without the UTF-8 flag; fflate only writes UTF-8, so such names are
 * written as ASCII placeholders of the same length and the bytes patched in afterwards.
 */
import { zipSync } from 'fflate';

export interface ZipEntry {
  /** A string (written as UTF-8, flagged) or raw name bytes (written unflagged). */
  name: string | Uint8Array;
  data: string | Uint8Array;
}

const bytesOf = (d: string | Uint8Array) => (typeof d === 'string' ? new TextEncoder().encode(d) : d);

export function makeZip(entries: readonly ZipEntry[], level: 0 | 6 = 6): Uint8Array {
  const files: Record<string, [Uint8Array, { level: 0 | 6; mtime: Date }]> = {};
  const patches: [Uint8Array, Uint8Array][] = [];
  entries.forEach((e, i) => {
    let name = e.name;
    if (typeof name !== 'string') {
      const placeholder = `#${i}#`.padEnd(name.length, 'x');
      if (placeholder.length !== name.length) throw new Error('raw name too short for a placeholder');
      patches.push([new TextEncoder().encode(placeholder), name]);
      name = placeholder;
    }
    files[name] = [bytesOf(e.data), { level, mtime: new Date('2024-01-01T00:00:00Z') }];
  });
  const zip = zipSync(files);
  for (const [from, to] of patches) {
    for (let at = 0; at <= zip.length - from.length; at++) {
      if (from.every((b, k) => zip[at + k] === b)) zip.set(to, at);
    }
  }
  return zip;
}

/** Shift_JIS and GBK bytes of a few names, so tests need no encoder. */
export const SJIS = {
  // 「字幕」/「おやすみ.lrc」
  jimaku: new Uint8Array([0x8e, 0x9a, 0x96, 0x8b]),
  oyasumiLrc: new Uint8Array([0x82, 0xa8, 0x82, 0xe2, 0x82, 0xb7, 0x82, 0xdd, 0x2e, 0x6c, 0x72, 0x63]),
};
export const GBK = {
  // 「字幕」/「晚安.lrc」
  zimu: new Uint8Array([0xd7, 0xd6, 0xc4, 0xbb]),
  wananLrc: new Uint8Array([0xcd, 0xed, 0xb0, 0xb2, 0x2e, 0x6c, 0x72, 0x63]),
};

export const concat = (...parts: (string | Uint8Array)[]): Uint8Array => {
  const bs = parts.map(bytesOf);
  const out = new Uint8Array(bs.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bs) {
    out.set(b, at);
    at += b.length;
  }
  return out;
};
