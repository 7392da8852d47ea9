/**
 * The no-change check of a rescan, spread over worker threads. A rescan of a large library is
 * almost only this: one readdir per folder and one stat per file (docs/scanner.md), so the known
 * works whose folder is where it was are split over one thread per core (at most MAX_THREADS),
 * in batches handed to whichever thread is free. What comes back as unchanged is done; the rest
 * is prepared by the scan as before. Small libraries are checked in the scan's own thread:
 * starting the threads costs more than it saves below SMALL_LIBRARY works.
 */
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FsPath } from '../storage/byteNames.ts';
import type { ScanIssue } from './walk.ts';

export interface CheckRequest {
  id: number;
  /** Bytes when a name in it is not UTF-8 (a Uint8Array once it has crossed to the thread). */
  absPath: FsPath | Uint8Array;
  signature: string;
}

export type CheckResult =
  | { id: number; unchanged: true; files: number; issues: ScanIssue[] }
  | { id: number; unchanged: false };

const SMALL_LIBRARY = 2_000;
const MAX_THREADS = 4;
const BATCH = 250;

/** How many threads check a library of `works` known works (0: none, the scan does it inline). */
export function checkThreads(works: number, override?: number): number {
  if (override !== undefined) return override;
  if (works < SMALL_LIBRARY) return 0;
  return Math.min(MAX_THREADS, os.availableParallelism());
}

/**
 * The thread's script. A built server (scripts/build-server.mjs) has the worker compiled beside
 * it; run from the sources, the thread boots tsx's loader first, then loads unchangedWorker.ts.
 */
function workerScript(roots: string[]): { script: URL; data: { roots: string[]; entry?: string } } {
  const compiled = new URL('./unchangedWorker.mjs', import.meta.url);
  if (fs.existsSync(compiled)) return { script: compiled, data: { roots } };
  const entry = new URL('./unchangedWorker.ts', import.meta.url).href;
  return { script: new URL('./unchangedWorker.boot.mjs', import.meta.url), data: { roots, entry } };
}

/** The works among `requests` whose tree still has its stored signature, with their file counts. */
export async function unchangedWorks(
  requests: readonly CheckRequest[],
  roots: string[],
  threads: number,
): Promise<Map<number, { files: number; issues: ScanIssue[] }>> {
  const unchanged = new Map<number, { files: number; issues: ScanIssue[] }>();
  if (threads <= 0 || requests.length === 0) return unchanged;
  const thread = workerScript(roots);
  let next = 0;
  const run = (worker: Worker) =>
    new Promise<void>((resolve) => {
      const send = () => {
        if (next >= requests.length) return resolve();
        const batch = requests.slice(next, next + BATCH);
        next += BATCH;
        worker.postMessage(batch);
      };
      worker.on('message', (results: CheckResult[]) => {
        for (const r of results) if (r.unchanged) unchanged.set(r.id, { files: r.files, issues: r.issues });
        send();
      });
      // A thread that fails leaves its works unchecked: the scan prepares them itself.
      worker.once('error', () => resolve());
      send();
    });
  const workers = Array.from(
    { length: threads },
    () => new Worker(thread.script, { workerData: thread.data }),
  );
  try {
    await Promise.all(workers.map(run));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return unchanged;
}
