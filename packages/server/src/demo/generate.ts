/**
 * Writes the demo library: ~30 works in every supported folder style with real short audio,
 * subtitles in each format and encoding, covers, sidecar metadata, bonus files and a
 * translated edition. Deterministic: the same bytes on every run.
 *
 * Used by the CLI (`sasayaki demo [dir]`, and `sasayaki start` when no library is configured),
 * by the scanner tests and by the scan benchmark.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { type AudioFormat, encode, encodeVideo, ffmpegAvailable, wavTone, writeFileMkdir } from './audio.ts';
import { DEMO_WORKS, type DemoWorkSpec } from './catalogue.ts';
import { demoImage } from './images.ts';
import { sidecarJson } from './sidecar.ts';
import { cuesFor, renderSubtitles } from './subtitles.ts';

export interface GenerateOptions {
  /** ffmpeg binary; `false` writes WAV only. Default: `ffmpeg` on the PATH when it answers. */
  ffmpeg?: string | false;
  /** Progress messages. */
  log?: (msg: string) => void;
}

export interface DemoTrack {
  /** Path relative to the work folder. */
  path: string;
  /** Length as generated (exact for WAV; compressed formats add codec padding). */
  seconds: number;
  format: AudioFormat;
}

export interface DemoWork {
  code: string;
  id: number;
  /** Work folder relative to the library root. */
  folder: string;
  title: string;
  tracks: DemoTrack[];
  /** Subtitle path → the audio path it belongs to (both relative to the work folder). */
  subtitles: Record<string, string>;
  sidecar: string | null;
  cover: string | null;
}

export interface DemoLibrary {
  root: string;
  works: DemoWork[];
  /** Whether compressed formats were encoded (ffmpeg found). */
  encoded: boolean;
}

const TRACK_NAMES = ['はじめに', '耳かき', 'ささやき', '添い寝', 'おやすみ'];
const FREQUENCIES = [330, 392, 440, 523, 587];

/** Runs async jobs with at most `limit` in flight (ffmpeg processes on a 2-core machine). */
async function pool<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await job(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Audio clips are cached by (format, length, tone): identical tracks are encoded once. */
class ClipCache {
  private readonly wanted = new Map<string, { format: AudioFormat; seconds: number; tone: number }>();
  constructor(
    private readonly tmp: string,
    private readonly ffmpeg: string | false,
  ) {}

  key(format: AudioFormat, seconds: number, tone: number): string {
    this.wanted.set(`${format}-${seconds}-${tone}`, { format, seconds, tone });
    return path.join(this.tmp, `${format}-${seconds}-${tone}.${format}`);
  }

  /** Encodes every clip; `progress(done, total)` after each (the ffmpeg step takes seconds). */
  async build(progress: (done: number, total: number) => void = () => {}): Promise<void> {
    const jobs = [...this.wanted.values()];
    let done = 0;
    await pool(jobs, 2, async ({ format, seconds, tone }) => {
      const wav = path.join(this.tmp, `wav-${seconds}-${tone}.wav`);
      if (!fs.existsSync(wav))
        fs.writeFileSync(wav, wavTone(seconds, FREQUENCIES[tone]!, seconds * 31 + tone));
      if (format !== 'wav' && this.ffmpeg) {
        await encode(this.ffmpeg, wav, format, path.join(this.tmp, `${format}-${seconds}-${tone}.${format}`));
      }
      progress(++done, jobs.length);
    });
  }
}

interface PendingCopy {
  from: string;
  to: string;
}

function encodeText(text: string, encoding: string): Buffer {
  if (encoding === 'utf-8-bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
  if (encoding === 'shift_jis' || encoding === 'gbk') return iconv.encode(text, encoding);
  return Buffer.from(text);
}

function idOf(code: string): number {
  const n = Number(code.slice(2));
  return code.startsWith('BJ') ? 100_000_000 + n : code.startsWith('VJ') ? 200_000_000 + n : n;
}

/** The audio folders of a work layout; the first one carries the main version. */
function audioFolders(spec: DemoWorkSpec, encoded: boolean): { folder: string; format: AudioFormat }[] {
  switch (spec.layout) {
    case 'formats':
      return encoded
        ? [
            { folder: 'mp3', format: 'mp3' },
            { folder: 'wav', format: 'wav' },
          ]
        : [{ folder: 'wav', format: 'wav' }];
    case 'se':
      return [
        { folder: '本編', format: spec.format },
        { folder: 'SE無し', format: spec.format },
      ];
    case 'deep':
      return [{ folder: '音声/本編/Disc 1', format: spec.format }];
    default:
      return [{ folder: '', format: spec.format }];
  }
}

function planWork(
  spec: DemoWorkSpec,
  index: number,
  root: string,
  clips: ClipCache,
  encoded: boolean,
  copies: PendingCopy[],
  texts: Map<string, Buffer>,
): DemoWork {
  const workDir = path.join(root, spec.folder);
  const tracks: DemoTrack[] = [];
  const subtitles: Record<string, string> = {};
  for (const { folder, format: wanted } of audioFolders(spec, encoded)) {
    const format: AudioFormat = encoded ? wanted : 'wav';
    spec.tracks.forEach((seconds, t) => {
      const base = `${String(t + 1).padStart(2, '0')} ${TRACK_NAMES[t % TRACK_NAMES.length]}`;
      const rel = path.posix.join(folder, `${base}.${format}`);
      copies.push({
        from: clips.key(format, seconds, (index + t) % FREQUENCIES.length),
        to: path.join(workDir, rel),
      });
      tracks.push({ path: rel, seconds, format });
      const sub = spec.subtitle;
      if (sub) {
        const name = sub.naming === 'full' ? `${base}.${format}.${sub.format}` : `${base}.${sub.format}`;
        const subRel = path.posix.join(folder, name);
        const body = renderSubtitles(sub.format, cuesFor(seconds, sub.lang, t), spec.titleJa);
        texts.set(path.join(workDir, subRel), encodeText(body, sub.encoding));
        subtitles[subRel] = rel;
      }
    });
  }
  return {
    code: spec.code,
    id: idOf(spec.code),
    folder: spec.folder,
    title: spec.lang === 'ENG' ? spec.titleEn : spec.titleJa,
    tracks,
    subtitles,
    sidecar: null,
    cover: null,
  };
}

function coverName(spec: DemoWorkSpec): { name: string; format: 'jpeg' | 'png' } | null {
  switch (spec.cover) {
    case 'none':
      return null;
    case 'first':
      return { name: 'Artwork/illust_01.png', format: 'png' };
    case 'code_img_main.jpg':
      return { name: `${spec.code}_img_main.jpg`, format: 'jpeg' };
    case 'folder.png':
      return { name: 'folder.png', format: 'png' };
    default:
      return { name: spec.cover, format: 'jpeg' };
  }
}

const README = (spec: DemoWorkSpec) =>
  `${spec.titleJa}\n${spec.titleEn}\n\nこの作品はSasayakiのデモ用に自動生成されたものです。\n` +
  'ヘッドホンでお聴きください。\n';

export async function generateDemoLibrary(dir: string, opts: GenerateOptions = {}): Promise<DemoLibrary> {
  const log = opts.log ?? (() => {});
  const root = path.resolve(dir);
  const ffmpeg =
    opts.ffmpeg === false
      ? false
      : (await ffmpegAvailable(opts.ffmpeg ?? 'ffmpeg'))
        ? (opts.ffmpeg ?? 'ffmpeg')
        : false;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-demo-'));
  try {
    const clips = new ClipCache(tmp, ffmpeg);
    const copies: PendingCopy[] = [];
    const texts = new Map<string, Buffer>();
    const images: { file: string; seed: number; w: number; h: number; format: 'jpeg' | 'png' }[] = [];
    const works = DEMO_WORKS.map((spec, i) => {
      const work = planWork(spec, i, root, clips, !!ffmpeg, copies, texts);
      const workDir = path.join(root, spec.folder);
      const total = work.tracks
        .filter((t) => t.path.startsWith(audioFolders(spec, !!ffmpeg)[0]!.folder))
        .reduce((a, t) => a + t.seconds, 0);
      if (spec.sidecar !== 'none') {
        work.sidecar = spec.sidecar === 'work.json' ? 'work.json' : `${spec.code}.json`;
        texts.set(
          path.join(workDir, work.sidecar),
          Buffer.from(`${JSON.stringify(sidecarJson(spec, DEMO_WORKS, total), null, 2)}\n`),
        );
      }
      const cover = coverName(spec);
      if (cover) {
        work.cover = cover.name;
        images.push({
          file: path.join(workDir, cover.name),
          seed: i + 1,
          w: 480,
          h: 360,
          format: cover.format,
        });
      }
      if (spec.bonus) {
        images.push({
          file: path.join(workDir, '特典/イラスト1.png'),
          seed: 100 + i,
          w: 240,
          h: 320,
          format: 'png',
        });
        images.push({
          file: path.join(workDir, '特典/壁紙.jpg'),
          seed: 200 + i,
          w: 320,
          h: 180,
          format: 'jpeg',
        });
        texts.set(path.join(workDir, '特典/readme.txt'), Buffer.from(README(spec)));
      }
      if (spec.readmeShiftJis)
        texts.set(path.join(workDir, 'readme.txt'), iconv.encode(README(spec), 'shift_jis'));
      return work;
    });

    log(`encoding audio clips${ffmpeg ? ' with ffmpeg' : ' (WAV only: ffmpeg not found)'}`);
    // A line every quarter of the way: with ffmpeg this step is the longest (about 12 s on start).
    let quarter = 0;
    await clips.build((done, total) => {
      const q = Math.floor((done * 4) / total);
      if (q > quarter && done < total) {
        quarter = q;
        log(`encoding audio clips: ${done} of ${total}`);
      }
    });
    for (const c of copies) {
      fs.mkdirSync(path.dirname(c.to), { recursive: true });
      fs.copyFileSync(c.from, c.to);
    }
    for (const [file, data] of texts) writeFileMkdir(file, data);
    log('drawing covers');
    await pool(images, 4, async (img) =>
      writeFileMkdir(img.file, await demoImage(img.seed, img.w, img.h, img.format)),
    );
    const withVideo = DEMO_WORKS.find((w) => w.video);
    if (ffmpeg && withVideo) await encodeVideo(ffmpeg, path.join(root, withVideo.folder, 'PV.mp4'));
    log(`demo library written to ${root}: ${works.length} works`);
    return { root, works, encoded: !!ffmpeg };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
