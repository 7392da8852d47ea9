/**
 * Low-quality streams: an audio file transcoded by ffmpeg to MP3 at 96 kbps (plays everywhere,
 * about a tenth of a lossless file), made on first request and cached in `<data>/transcodes/`
 * under a name derived from the source's id, size and mtime. Written to a temporary file and
 * renamed only when complete and non-empty, so a reader never sees half a file and a failure is
 * never cached; at most `transcodeConcurrency` ffmpeg processes run at once, and concurrent
 * requests for one file share one transcode — across instances too, when they share the cache
 * folder (infra/cluster/sharedWork.ts). ffmpeg reads the source from the descriptor the
 * server opened, with its input format forced and only local protocols allowed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { LOW_QUALITY_STREAM } from '@sasayaki/contract';
import { type Config, paths } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { extensionOf } from '../../scanner/fileTypes.ts';
import { type OpenedFile, Root } from '../../storage/root.ts';
import { makeOnce } from '../cluster/sharedWork.ts';

export const LOW_QUALITY = LOW_QUALITY_STREAM;

const probes = new Map<string, Promise<boolean>>();

/** Whether the configured ffmpeg runs; probed once per path (at startup by the media routes). */
export function ffmpegAvailable(config: Config): Promise<boolean> {
  const bin = config.ffmpegPath;
  if (!bin) return Promise.resolve(false);
  let probe = probes.get(bin);
  if (!probe) {
    probe = new Promise<boolean>((resolve) => {
      const child = spawn(bin, ['-hide_banner', '-version'], { stdio: 'ignore' });
      child.on('error', () => resolve(false));
      child.on('exit', (code) => resolve(code === 0));
    });
    probes.set(bin, probe);
  }
  return probe;
}

class Semaphore {
  active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

const gates = new Map<number, Semaphore>();

/** ffmpeg processes running now, in this process (read by /metrics). */
export function transcodesRunning(): number {
  let n = 0;
  for (const g of gates.values()) n += g.active;
  return n;
}
const inFlight = new Map<string, Promise<void>>();

function gate(limit: number): Semaphore {
  const n = Math.max(1, limit);
  let g = gates.get(n);
  if (!g) {
    g = new Semaphore(n);
    gates.set(n, g);
  }
  return g;
}

/**
 * ffmpeg's demuxer for each audio type the scanner catalogues. The input format is always
 * forced: left to probing, ffmpeg would read a playlist (HLS, concat, …) hidden at the start of
 * a file and follow it to other files on the host.
 */
const DEMUXERS: Record<string, string> = {
  mp3: 'mp3',
  wav: 'wav',
  flac: 'flac',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  m4a: 'mov',
  aac: 'aac',
  wma: 'asf',
  aiff: 'aiff',
  aif: 'aiff',
  ape: 'ape',
  tta: 'tta',
};

/** The demuxer for a file name, or null when the type is not one ffmpeg may read. */
export function demuxerOf(name: string): string | null {
  return DEMUXERS[extensionOf(name)] ?? null;
}

/** Linux re-opens an inherited descriptor by this name, seekable; elsewhere it is read as a pipe. */
const INPUT_FD = 3;
const INPUT = fs.existsSync('/proc/self/fd') ? `file:/proc/self/fd/${INPUT_FD}` : `pipe:${INPUT_FD}`;

/** Failure to write the transcode because the disk is full (answered 507, never cached). */
class DiskFullError extends Error {
  readonly code = 'ENOSPC';
}

/**
 * Transcodes the opened source (handed to ffmpeg as a descriptor: no path is opened again) to
 * `output`. Only the file and pipe protocols are allowed, and the input format is forced.
 */
function runFfmpeg(bin: string, source: FileHandle, demuxer: string, output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = ['-nostdin', '-hide_banner', '-v', 'error', '-y'];
    args.push('-protocol_whitelist', 'file,pipe', '-f', demuxer, '-i', INPUT, '-map', '0:a:0', '-vn');
    args.push('-map_metadata', '-1', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', LOW_QUALITY.bitrate);
    args.push('-f', 'mp3', `file:${output}`);
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe', source.fd] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      const message = `ffmpeg exited ${code}: ${stderr.trim()}`;
      reject(
        /No space left on device|Disk quota exceeded/i.test(stderr)
          ? new DiskFullError(message)
          : new Error(message),
      );
    });
  });
}

/**
 * Whether a failed or empty transcode ran out of disk: ffmpeg does not always say so (it may
 * even exit 0 having written nothing), so the free space of the cache folder decides.
 */
async function diskFull(dir: string): Promise<boolean> {
  const s = await fs.promises.statfs(dir).catch(() => null);
  return !!s && s.bavail * s.bsize < 1024 * 1024;
}

/**
 * The cached low-quality version of an audio file, opened, transcoding it first if needed. The
 * source is the catalogued file already opened through its library root. Written to a temporary
 * file and renamed into the cache only when ffmpeg succeeded and wrote something: a failed or
 * empty transcode is never cached, so the next request tries again.
 */
export async function lowQualityFile(
  { config, db }: { config: Config; db: Db },
  file: { id: number; name: string },
  source: OpenedFile,
): Promise<OpenedFile> {
  const demuxer = demuxerOf(file.name);
  if (!demuxer) throw new Error(`no demuxer for ${file.name}`);
  const dir = paths.transcodes(config);
  const cache = new Root(dir);
  const { size, mtimeMs } = source.stat;
  const name = `${file.id}-${size.toString(36)}-${Math.trunc(mtimeMs).toString(36)}.${LOW_QUALITY.extension}`;
  const out = path.join(dir, name);
  if (!fs.existsSync(out)) {
    let job = inFlight.get(out);
    if (!job) {
      job = gate(config.transcodeConcurrency)
        .run(() => makeOnce(db, out, () => transcodeOnce(config, source.handle, demuxer, dir, out)))
        .finally(() => inFlight.delete(out));
      inFlight.set(out, job);
    }
    await job;
  }
  return cache.open(name);
}

async function transcodeOnce(
  config: Config,
  source: FileHandle,
  demuxer: string,
  dir: string,
  out: string,
): Promise<void> {
  if (fs.existsSync(out)) return;
  await fs.promises.mkdir(dir, { recursive: true });
  const tmp = `${out}.${process.pid}.${Date.now()}.tmp`;
  try {
    try {
      await runFfmpeg(config.ffmpegPath, source, demuxer, tmp);
    } catch (err) {
      if (!(err instanceof DiskFullError) && (await diskFull(dir)))
        throw new DiskFullError((err as Error).message);
      throw err;
    }
    const written = await fs.promises.stat(tmp).catch(() => null);
    if (!written?.size) {
      if (await diskFull(dir)) throw new DiskFullError('ffmpeg wrote nothing: the disk is full');
      throw new Error('ffmpeg wrote nothing');
    }
    await fs.promises.rename(tmp, out);
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}
