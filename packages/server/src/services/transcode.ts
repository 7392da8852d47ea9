/**
 * Low-quality streams: an audio file transcoded by ffmpeg to MP3 at 96 kbps (plays everywhere,
 * about a tenth of a lossless file), made on first request and cached in `<data>/transcodes/`
 * under a name derived from the source's id, size and mtime. Written to a temporary file and
 * renamed, so a reader never sees half a file; at most `transcodeConcurrency` ffmpeg processes
 * run at once, and concurrent requests for one file share one transcode.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, paths } from '../config.ts';

export const LOW_QUALITY = { extension: 'mp3', contentType: 'audio/mpeg', bitrate: '96k' } as const;

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
  private active = 0;
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
const inFlight = new Map<string, Promise<string>>();

function gate(limit: number): Semaphore {
  const n = Math.max(1, limit);
  let g = gates.get(n);
  if (!g) {
    g = new Semaphore(n);
    gates.set(n, g);
  }
  return g;
}

function runFfmpeg(bin: string, input: string, output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = ['-nostdin', '-hide_banner', '-v', 'error', '-y', '-i', input, '-map', '0:a:0', '-vn'];
    args.push(
      '-map_metadata',
      '-1',
      '-ac',
      '2',
      '-c:a',
      'libmp3lame',
      '-b:a',
      LOW_QUALITY.bitrate,
      '-f',
      'mp3',
      output,
    );
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Path of the cached low-quality version of an audio file, transcoding it first if needed. */
export async function lowQualityFile(config: Config, fileId: number, source: string): Promise<string> {
  const st = await fs.promises.stat(source);
  const dir = paths.transcodes(config);
  const out = path.join(
    dir,
    `${fileId}-${st.size.toString(36)}-${Math.trunc(st.mtimeMs).toString(36)}.${LOW_QUALITY.extension}`,
  );
  if (fs.existsSync(out)) return out;
  let job = inFlight.get(out);
  if (!job) {
    job = gate(config.transcodeConcurrency)
      .run(async () => {
        if (fs.existsSync(out)) return out;
        await fs.promises.mkdir(dir, { recursive: true });
        const tmp = `${out}.${process.pid}.${Date.now()}.tmp`;
        try {
          await runFfmpeg(config.ffmpegPath, source, tmp);
          await fs.promises.rename(tmp, out);
        } finally {
          await fs.promises.rm(tmp, { force: true });
        }
        return out;
      })
      .finally(() => inFlight.delete(out));
    inFlight.set(out, job);
  }
  return job;
}
