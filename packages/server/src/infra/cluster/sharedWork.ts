/**
 * Work made once across instances (docs/scale.md, "Shared work"): transcodes and cover variants
 * are files in the cache folder (`SASAYAKI_CACHE_DIR`, shared by the instances that should share
 * them), written under a temporary name and renamed into place. On PostgreSQL, the instance that
 * makes one holds an advisory lock named after the output file (db/dedicated.ts `KeyLocks`);
 * another instance asked for the same file meanwhile waits for it to appear instead of running
 * ffmpeg or sharp itself. Within one process, concurrent requests already share one job.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/connect.ts';
import { KeyLocks } from '../../db/dedicated.ts';

/** How often a waiting instance looks for the file, or tries for the lock again. */
const WAIT_STEP_MS = 100;
/** Longest wait for another instance's job before making the file here after all. */
const MAX_WAIT_MS = 10 * 60_000;

const locks = new WeakMap<Db, KeyLocks>();

function locksOf(db: Db): KeyLocks | null {
  if (!db.pgTarget) return null;
  let l = locks.get(db);
  if (!l) {
    const created = new KeyLocks(db.pgTarget);
    l = created;
    locks.set(db, created);
    db.onClose(() => created.close());
  }
  return l;
}

/** Jobs this process ran and waited for elsewhere (for tests and /metrics). */
export const sharedWorkCounts = { made: 0, waited: 0 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `make` (which writes `out` atomically) unless `out` exists or another instance is making
 * it; in that case waits for it. Answers once `out` exists, or with `make`'s error. Without the
 * lock connection (PostgreSQL away, SQLite) the file is made here.
 */
export async function makeOnce(db: Db, out: string, make: () => Promise<void>): Promise<void> {
  const l = locksOf(db);
  if (!l) {
    if (!fs.existsSync(out)) await make();
    return;
  }
  const key = path.basename(out);
  const until = Date.now() + MAX_WAIT_MS;
  let waited = false;
  for (;;) {
    if (fs.existsSync(out)) {
      if (waited) sharedWorkCounts.waited++;
      return;
    }
    const held = await l.tryLock(key).catch(() => null);
    if (held === null || Date.now() > until) {
      await make();
      return;
    }
    if (held) {
      try {
        // Made by another instance between the check and the lock.
        if (!fs.existsSync(out)) {
          await make();
          sharedWorkCounts.made++;
        }
      } finally {
        await l.unlock(key).catch(() => undefined);
      }
      return;
    }
    waited = true;
    await sleep(WAIT_STEP_MS);
  }
}
