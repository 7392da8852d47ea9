/**
 * The one store of every limit's counters: the sign-in guard (loginGuard.ts) and the window
 * limiters (rateLimit.ts: guest traffic, problem reports, registrations, resets, invitations,
 * recommender events) are policies over it, each with its own key prefix. One process on SQLite
 * keeps them in memory; on PostgreSQL they live in the table `limit_counters`, so every instance
 * behind a balancer draws on the same allowance. Each change is one atomic statement
 * (repositories/limits.ts): a slot (or a backoff step) is claimed with a conditional upsert, never
 * read first and written later.
 */
import type { Db } from '../../db/connect.ts';
import {
  type CounterRow,
  claimBackoff,
  claimSlot,
  deleteKey,
  liveCounter,
  markKey,
  releaseSlot,
  sweepCounters,
} from '../../repositories/limits.ts';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window (or the wait) of this key ends. */
  retryAfter: number;
}

export const retryAfterSeconds = (windowEnd: number, now: number) =>
  Math.max(1, Math.ceil((windowEnd - now) / 1000));
const retryAfter = retryAfterSeconds;

export interface Counter {
  count: number;
  windowEnd: number;
  nextTryAt: number;
}

export interface CounterStore {
  /** Counts one on `key` if fewer than `limit` are counted in its window; else refuses (nothing counted). */
  claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult>;
  /**
   * Gives back one count (an attempt that must not count after all). A counter left below
   * `holdsFrom` holds no wait: the attempt given back may have started the wait.
   */
  release(key: string, holdsFrom?: number): Promise<void>;
  /**
   * Counts one attempt on a backoff counter unless the counter is waiting (`exempt` attempts
   * count without waiting). From `policy.after` counted attempts on, each one starts a wait
   * (`backoffWaitMs`) before the next may be counted. Check and count are one step, so racing
   * attempts never all pass an open counter.
   */
  claimBackoff(key: string, policy: BackoffPolicy, now: number, exempt: boolean): Promise<LimitResult>;
  /** Keeps `key` alive until `until` (count 0). */
  mark(key: string, until: number): Promise<void>;
  /** The counter while its window lasts. */
  read(key: string, now: number): Promise<Counter | undefined>;
  remove(key: string): Promise<void>;
  /** Drops finished windows. */
  sweep(now: number): Promise<void>;
}

export interface BackoffPolicy {
  windowMs: number;
  /** The count from which each attempt starts a wait. */
  after: number;
  maxWaitMs: number;
}

/** The wait the `count`th attempt starts: none below `after`, then 1 s doubling up to the cap. */
export function backoffWaitMs(count: number, p: BackoffPolicy): number {
  const over = count - p.after;
  return over < 0 ? 0 : Math.min(p.maxWaitMs, 1000 * 2 ** Math.min(over, 16));
}

export class MemoryCounterStore implements CounterStore {
  private readonly rows = new Map<string, Counter>();

  private live(key: string, now: number): Counter | undefined {
    const c = this.rows.get(key);
    return c && c.windowEnd > now ? c : undefined;
  }

  async claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult> {
    let c = this.live(key, now);
    if (!c) {
      c = { count: 0, windowEnd: now + windowMs, nextTryAt: 0 };
      this.rows.set(key, c);
    }
    if (c.count >= limit) return { allowed: false, retryAfter: retryAfter(c.windowEnd, now) };
    c.count += 1;
    return { allowed: true, retryAfter: 0 };
  }

  async release(key: string, holdsFrom = Number.POSITIVE_INFINITY): Promise<void> {
    const c = this.rows.get(key);
    if (c && c.count > 0) c.count -= 1;
    if (c && c.count < holdsFrom) c.nextTryAt = 0;
  }

  async claimBackoff(key: string, policy: BackoffPolicy, now: number, exempt: boolean): Promise<LimitResult> {
    let c = this.live(key, now);
    if (c && c.nextTryAt > now && !exempt)
      return { allowed: false, retryAfter: retryAfter(c.nextTryAt, now) };
    if (!c) {
      c = { count: 0, windowEnd: now + policy.windowMs, nextTryAt: 0 };
      this.rows.set(key, c);
    }
    c.count += 1;
    const wait = backoffWaitMs(c.count, policy);
    if (wait > 0) {
      c.nextTryAt = Math.max(c.nextTryAt, now + wait);
      c.windowEnd = Math.max(c.windowEnd, c.nextTryAt);
    }
    return { allowed: true, retryAfter: 0 };
  }

  async mark(key: string, until: number): Promise<void> {
    this.rows.set(key, { count: 0, windowEnd: until, nextTryAt: 0 });
  }

  async read(key: string, now: number): Promise<Counter | undefined> {
    const c = this.live(key, now);
    return c && { ...c };
  }

  async remove(key: string): Promise<void> {
    this.rows.delete(key);
  }

  async sweep(now: number): Promise<void> {
    for (const [k, c] of this.rows) if (c.windowEnd <= now) this.rows.delete(k);
  }
}

const counter = (r: CounterRow): Counter => ({
  count: Number(r.count),
  windowEnd: Number(r.window_end),
  nextTryAt: Number(r.next_try_at),
});

/** PostgreSQL: the table `limit_counters` (repositories/limits.ts). */
export class PgCounterStore implements CounterStore {
  constructor(private readonly t: Db) {}

  async claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult> {
    if (await claimSlot(this.t, key, limit, windowMs, now)) return { allowed: true, retryAfter: 0 };
    const c = await this.read(key, now);
    return { allowed: false, retryAfter: retryAfter(c?.windowEnd ?? now, now) };
  }

  async release(key: string, holdsFrom = 2 ** 31 - 1): Promise<void> {
    await releaseSlot(this.t, key, holdsFrom);
  }

  async claimBackoff(key: string, policy: BackoffPolicy, now: number, exempt: boolean): Promise<LimitResult> {
    const backoff = { ...policy, firstWaitMs: backoffWaitMs(1, policy) };
    if (await claimBackoff(this.t, key, backoff, now, exempt)) return { allowed: true, retryAfter: 0 };
    const c = await this.read(key, now);
    return { allowed: false, retryAfter: retryAfter(c?.nextTryAt ?? now, now) };
  }

  async mark(key: string, until: number): Promise<void> {
    await markKey(this.t, key, until);
  }

  async read(key: string, now: number): Promise<Counter | undefined> {
    const row = await liveCounter(this.t, key, now);
    return row && counter(row);
  }

  async remove(key: string): Promise<void> {
    await deleteKey(this.t, key);
  }

  async sweep(now: number): Promise<void> {
    await sweepCounters(this.t, now);
  }
}

/** Shared through the database on PostgreSQL; in memory for the single SQLite process. */
const stores = new WeakMap<Db, CounterStore>();

/**
 * One store per database, so a limit counts the same requests whichever API they come through
 * (the web's sign-in and the Subsonic API's, the web's guest and a player's).
 */
export function counterStoreFor(t: Db): CounterStore {
  let store = stores.get(t);
  if (!store) {
    store = t.dialect === 'postgres' ? new PgCounterStore(t) : new MemoryCounterStore();
    stores.set(t, store);
  }
  return store;
}
