/**
 * Audio durations from the file headers (music-metadata, in-process, no ffprobe per file).
 *
 * music-metadata reads a file in many small pieces (chunk headers at the start, ID3v1/APE tags
 * probed at the end), each one a round trip to the thread pool: on a first scan those reads cost
 * more CPU than the parsing. The tokenizer here reads each end of the file once and answers the
 * small reads from memory; anything else (an MP3 counted frame by frame) is read from the file
 * as before. The size comes from the scan's own stat, so the file is not stat'ed again.
 */
import fs from 'node:fs/promises';
import { parseFromTokenizer } from 'music-metadata';
import {
  AbstractTokenizer,
  EndOfStreamError,
  type IRandomAccessFileInfo,
  type IReadChunkOptions,
} from 'strtok3';
import { displayPath, type FsPath } from '../storage/byteNames.ts';

/**
 * The audio format a file's first bytes announce, whatever its name says (WAV data named `.mp3`
 * plays in every browser, so it is imported as what it is). Null when no known signature.
 */
export function audioFormatOf(head: Uint8Array): { mime: string; ext: string } | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const at = (offset: number, text: string) => b.toString('latin1', offset, offset + text.length) === text;
  if (at(0, 'RIFF') && at(8, 'WAVE')) return { mime: 'audio/wav', ext: 'wav' };
  if (at(0, 'fLaC')) return { mime: 'audio/flac', ext: 'flac' };
  if (at(0, 'OggS')) return { mime: 'audio/ogg', ext: 'ogg' };
  if (at(4, 'ftyp')) return { mime: 'audio/mp4', ext: 'm4a' };
  if (at(0, 'FORM') && (at(8, 'AIFF') || at(8, 'AIFC'))) return { mime: 'audio/aiff', ext: 'aiff' };
  if (at(0, 'MAC ')) return { mime: 'audio/x-ape', ext: 'ape' };
  if (at(0, 'ID3')) return { mime: 'audio/mpeg', ext: 'mp3' };
  // An MPEG audio frame: 11 sync bits, a layer that is not "reserved".
  if (
    b.length >= 2 &&
    b[0] === 0xff &&
    ((b[1] as number) & 0xe0) === 0xe0 &&
    ((b[1] as number) & 0x06) !== 0
  ) {
    return { mime: 'audio/mpeg', ext: 'mp3' };
  }
  return null;
}

/** The format found in a file's first bytes (see audioFormatOf). */
export async function sniffAudioFile(absPath: FsPath): Promise<{ mime: string; ext: string } | null> {
  const fh = await fs.open(absPath, 'r');
  try {
    return audioFormatOf(await readEdge(fh, 0, 16));
  } finally {
    await fh.close();
  }
}

/** Seconds of audio in a file; throws when the file is not readable audio. */
export type AudioProbe = (absPath: FsPath, size?: number) => Promise<number>;

/** Bytes read at once from the start of the file (format headers) and from its end (tags). */
const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 4 * 1024;

/** A random-access file tokenizer answering reads inside the cached ends from memory. */
class EdgeCachedFileTokenizer extends AbstractTokenizer {
  readonly fileInfo: IRandomAccessFileInfo;

  constructor(
    private readonly fh: fs.FileHandle,
    absPath: FsPath,
    size: number,
    private readonly head: Uint8Array,
    private readonly tail: Uint8Array,
  ) {
    super();
    // The parser is chosen by the content's signature where there is one, not by the name.
    const format = audioFormatOf(head);
    this.fileInfo = format ? { mimeType: format.mime, size } : { path: displayPath(absPath), size };
  }

  supportsRandomAccess(): boolean {
    return true;
  }

  setPosition(position: number): void {
    this.validateLength(position, 'position');
    this.position = position;
  }

  async readBuffer(target: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const o = this.normalizeOptions(target, options);
    const n = await this.readAt(target, o.length, o.position, o.mayBeLess ?? false);
    this.position = o.position + n;
    return n;
  }

  async peekBuffer(target: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const o = this.normalizeOptions(target, options);
    return this.readAt(target, o.length, o.position, o.mayBeLess ?? false);
  }

  private async readAt(
    target: Uint8Array,
    length: number,
    position: number,
    mayBeLess: boolean,
  ): Promise<number> {
    const tailStart = this.fileInfo.size - this.tail.length;
    if (position + length <= this.head.length) {
      target.set(this.head.subarray(position, position + length));
      return length;
    }
    if (position >= tailStart && position + length <= this.fileInfo.size) {
      target.set(this.tail.subarray(position - tailStart, position - tailStart + length));
      return length;
    }
    const done = await readInto(this.fh, target, position, length);
    if (!mayBeLess && done < length) throw new EndOfStreamError();
    return done;
  }

  protected override async closeOnce(): Promise<void> {
    await this.fh.close();
    await super.closeOnce();
  }
}

/** Reads up to `length` bytes at `position` (short reads continued); the count read. */
async function readInto(
  fh: fs.FileHandle,
  target: Uint8Array,
  position: number,
  length: number,
): Promise<number> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(target, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

async function readEdge(fh: fs.FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buf = Buffer.allocUnsafe(length);
  return buf.subarray(0, await readInto(fh, buf, position, length));
}

export const probeDuration: AudioProbe = async (absPath, knownSize) => {
  const fh = await fs.open(absPath, 'r');
  let tokenizer: EdgeCachedFileTokenizer | undefined;
  try {
    const size = knownSize ?? (await fh.stat()).size;
    const head = await readEdge(fh, 0, Math.min(size, HEAD_BYTES));
    const tail =
      size > head.length
        ? await readEdge(fh, Math.max(head.length, size - TAIL_BYTES), TAIL_BYTES)
        : new Uint8Array(0);
    tokenizer = new EdgeCachedFileTokenizer(fh, absPath, size, head, tail);
    const meta = await parseFromTokenizer(tokenizer, { duration: true, skipCovers: true });
    const d = meta.format.duration;
    if (d === undefined || !Number.isFinite(d) || d <= 0) throw new Error('no audio stream found');
    return d;
  } finally {
    // Closing the tokenizer closes the file handle.
    if (tokenizer) await tokenizer.close();
    else await fh.close();
  }
};
