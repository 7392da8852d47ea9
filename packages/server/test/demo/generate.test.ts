/**
 * The demo library generator: deterministic bytes, and every kind of content the scanner and
 * the player tests rely on.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoLibrary, generateDemoLibrary } from '../../src/demo/generate.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-demo-test-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function digest(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else out[path.relative(root, abs)] = createHash('sha1').update(fs.readFileSync(abs)).digest('hex');
    }
  };
  walk(root);
  return out;
}

// Each generation encodes audio with ffmpeg: allow for a loaded machine (the project default is 30 s).
describe('demo library', { timeout: 180_000 }, () => {
  let lib: DemoLibrary;
  beforeAll(async () => {
    lib = await generateDemoLibrary(tmp());
  }, 180_000);

  it('is the same bytes on every run, and says how far the audio step is while it runs', async () => {
    const lines: string[] = [];
    const again = await generateDemoLibrary(tmp(), { log: (m) => lines.push(m) });
    expect(digest(again.root)).toEqual(digest(lib.root));
    // The clips step is not silent: a line every quarter of the way, in order, before the covers.
    const steps = lines.filter((l) => /^encoding audio clips: \d+ of \d+$/.test(l));
    expect(steps).toHaveLength(3);
    const done = steps.map((l) => Number(/(\d+) of/.exec(l)![1]));
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(lines.indexOf(steps[2]!)).toBeLessThan(lines.indexOf('drawing covers'));
  });

  it('has a few dozen works in every folder style, with a VJ, a BJ and grouping folders', () => {
    expect(lib.works.length).toBeGreaterThanOrEqual(30);
    const names = lib.works.map((w) => path.basename(w.folder));
    expect(names).toContain('RJ123456');
    expect(names.some((n) => /^RJ\d{8}$/.test(n))).toBe(true);
    expect(names.some((n) => /^\[[^\]]+\] RJ\d{8} /.test(n))).toBe(true);
    expect(names.some((n) => /^RJ\d{8} - /.test(n))).toBe(true);
    expect(names.some((n) => /^RJ\d{8}_/.test(n))).toBe(true);
    expect(lib.works.some((w) => w.folder.split('/').length >= 3)).toBe(true);
    expect(lib.works.filter((w) => w.code.startsWith('VJ'))).toHaveLength(1);
    expect(lib.works.filter((w) => w.code.startsWith('BJ'))).toHaveLength(1);
  });

  it('has real audio, a track of at least a minute, and every subtitle format and encoding', () => {
    const tracks = lib.works.flatMap((w) =>
      w.tracks.map((t) => ({ ...t, abs: path.join(lib.root, w.folder, t.path) })),
    );
    for (const t of tracks) expect(fs.statSync(t.abs).size).toBeGreaterThan(1000);
    expect(Math.max(...tracks.map((t) => t.seconds))).toBeGreaterThanOrEqual(60);
    const wav = tracks.find((t) => t.format === 'wav')!;
    expect(fs.readFileSync(wav.abs).subarray(0, 4).toString('ascii')).toBe('RIFF');
    if (lib.encoded) {
      expect(new Set(tracks.map((t) => t.format))).toEqual(new Set(['wav', 'mp3', 'ogg', 'flac', 'm4a']));
    }
    const subs = lib.works.flatMap((w) =>
      Object.keys(w.subtitles).map((s) => path.join(lib.root, w.folder, s)),
    );
    expect(new Set(subs.map((s) => path.extname(s)))).toEqual(new Set(['.lrc', '.vtt', '.srt', '.ass']));
    const bytes = subs.map((s) => fs.readFileSync(s));
    expect(bytes.some((b) => b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)).toBe(true);
    const invalidUtf8 = bytes.filter((b) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(b);
        return false;
      } catch {
        return true;
      }
    });
    // One Shift_JIS and one GBK subtitle work (two tracks each, plus the SE-less copy).
    expect(invalidUtf8.length).toBeGreaterThanOrEqual(4);
    const firstLrc = fs.readFileSync(subs.find((s) => s.endsWith('.lrc'))!, 'utf8');
    expect(firstLrc).toMatch(/^\[ti:.*\]\n\[00:00\.50\]/);
  });

  it('has sidecars in both names, a translated edition, covers and bonus files', () => {
    expect(lib.works.some((w) => w.sidecar === 'work.json')).toBe(true);
    expect(lib.works.some((w) => w.sidecar === `${w.code}.json`)).toBe(true);
    expect(lib.works.some((w) => w.sidecar === null)).toBe(true);
    const eng = lib.works.find((w) => w.code === 'RJ01300002')!;
    const json = JSON.parse(fs.readFileSync(path.join(lib.root, eng.folder, eng.sidecar!), 'utf8'));
    expect(json.translation_info).toMatchObject({
      lang: 'ENG',
      is_child: true,
      original_workno: 'RJ01300001',
    });
    expect(json.tags[0].i18n).toHaveProperty('zh-cn');
    for (const w of lib.works.filter((x) => x.cover)) {
      expect(fs.existsSync(path.join(lib.root, w.folder, w.cover!))).toBe(true);
    }
    const kansai = lib.works.find((w) => w.code === 'RJ01110002')!;
    expect(fs.existsSync(path.join(lib.root, kansai.folder, 'SE無し'))).toBe(true);
    expect(fs.existsSync(path.join(lib.root, kansai.folder, '特典/readme.txt'))).toBe(true);
  });
});
