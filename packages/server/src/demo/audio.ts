/**
 * Audio for the demo library: PCM WAV written here (no tool needed), and compressed formats
 * encoded from it with ffmpeg when one is on the PATH.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export const SAMPLE_RATE = 8000;

/** A deterministic pseudo-random generator (mulberry32), so every run writes the same bytes. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A mono 16-bit WAV of `seconds` length: a soft sine at `frequency` with a little noise, and a
 * short click every 2 s so the subtitle lines (one every 2 s) line up with something audible.
 */
export function wavTone(seconds: number, frequency: number, seed: number): Buffer {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const data = Buffer.alloc(samples * 2);
  const rnd = prng(seed);
  for (let i = 0; i < samples; i++) {
    const t = i / SAMPLE_RATE;
    const beat = t % 2 < 0.05 ? 0.25 : 0;
    const v = 0.2 * Math.sin(2 * Math.PI * frequency * t) + 0.03 * (rnd() * 2 - 1) + beat * (rnd() - 0.5);
    data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v * 32767))), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export type AudioFormat = 'wav' | 'mp3' | 'ogg' | 'flac' | 'm4a';

const CODEC_ARGS: Record<Exclude<AudioFormat, 'wav'>, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '32k'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '0'],
  flac: ['-c:a', 'flac'],
  m4a: ['-c:a', 'aac', '-b:a', '32k'],
};

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => {
      err += d;
    });
    p.on('error', reject);
    p.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code}): ${err.slice(0, 500)}`)),
    );
  });
}

/** Encodes a WAV file to another format; bit-exact flags keep the output reproducible. */
export function encode(ffmpeg: string, wavPath: string, format: Exclude<AudioFormat, 'wav'>, out: string) {
  return run(ffmpeg, [
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-i',
    wavPath,
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    ...CODEC_ARGS[format],
    out,
  ]);
}

/** A 2-second test-pattern video (the player lists it as `other`). */
export function encodeVideo(ffmpeg: string, out: string) {
  return run(ffmpeg, [
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10:duration=2',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-c:v',
    'mpeg4',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
}

/** Whether an ffmpeg binary answers at this path (or name on the PATH). */
export async function ffmpegAvailable(ffmpeg: string): Promise<boolean> {
  try {
    await run(ffmpeg, ['-version']);
    return true;
  } catch {
    return false;
  }
}

export function writeFileMkdir(file: string, data: Buffer | string): void {
  fs.mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true });
  fs.writeFileSync(file, data);
}
