/**
 * Sends a byte range of an opened file as a response body, reading into buffers the process
 * keeps and reuses.
 *
 * Why not `createReadStream().pipe(res)`: every read of a stream allocates a fresh buffer. Large
 * reads (fewer system calls) are cheap in a fresh process, but once the process has sat idle V8
 * shrinks its heap, and from then on each large external allocation counts towards a garbage
 * collection that is soon due: streaming 100 MB set off a full collection every ~50 ms and cost
 * 1.6–4.2× a plain Node file server (docs/catalogue.md, "Media side by side"). Reused buffers
 * allocate nothing per read, so the cost per byte no longer depends on the age of the process.
 */
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

/** Bytes per read and per socket write: few system calls, and the socket takes it in one go. */
export const READ_CHUNK = 256 * 1024;
/** Free buffers kept (4 MiB): more streams at once allocate extra buffers that are then dropped. */
const POOL_MAX = 16;

const free: Buffer[] = [];

function take(): Buffer {
  // allocUnsafeSlow: a buffer of its own, not a slice of Node's shared 8 KiB pool.
  return free.pop() ?? Buffer.allocUnsafeSlow(READ_CHUNK);
}

function give(buf: Buffer): void {
  if (free.length < POOL_MAX) free.push(buf);
}

/** Buffers waiting in the pool (for tests). */
export function pooledBuffers(): number {
  return free.length;
}

export interface FileBodyEvents {
  /** The read failed: the connection is destroyed (the status line is already sent). */
  onReadError(err: Error): void;
  /** The file ended before `end` (truncated while sent): the connection is destroyed. */
  onShort(sent: number): void;
}

/**
 * Writes bytes `start`–`end` (inclusive) of `handle` to `res`, whose head is already written, and
 * ends it. Takes ownership of the handle: it is closed when the body is complete or abandoned. A
 * buffer goes back to the pool only when the socket is done with it (the write's callback).
 */
export function sendFileBody(
  res: ServerResponse,
  handle: FileHandle,
  start: number,
  end: number,
  events: FileBodyEvents,
): void {
  let pos = start;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    handle.close().catch(() => {});
  };
  res.once('close', finish);
  const next = (): void => {
    if (done) return;
    // Gone before this step (or before the body began, when 'close' had already passed): no
    // 'drain' will come, so the file is closed here.
    if (res.destroyed) {
      finish();
      return;
    }
    if (pos > end) {
      res.end();
      finish();
      return;
    }
    const buf = take();
    fs.read(handle.fd, buf, 0, Math.min(READ_CHUNK, end - pos + 1), pos, (err, n) => {
      if (done) return give(buf);
      if (err || n === 0) {
        give(buf);
        if (err) events.onReadError(err);
        else events.onShort(pos - start);
        res.destroy(err ?? undefined);
        finish();
        return;
      }
      pos += n;
      if (res.write(buf.subarray(0, n), () => give(buf))) next();
      else if (!res.destroyed) res.once('drain', next);
      else finish();
    });
  };
  next();
}
