/**
 * Fixed-window request limits: the guest account's traffic and "report a problem" messages
 * (sign-in limits have their own rules in loginGuard.ts). The counters live in a
 * `RequestLimitStore`: in memory on SQLite, which is one process; in the table `request_limits`
 * on PostgreSQL, so every instance behind a balancer draws on one allowance
 * (docs/security.md, "Request limits").
 */
import type { Db } from '../db/connect.ts';
import {
  claimRequestSlot,
  releaseRequestSlot,
  requestWindowEnd,
  sweepRequestLimits,
} from '../repositories/limits.ts';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window of this key ends. */
  retryAfter: number;
}

export const retryAfterSeconds = (windowEnd: number, now: number) =>
  Math.max(1, Math.ceil((windowEnd - now) / 1000));

export interface RequestLimitStore {
  /** Counts one request on `key` if fewer than `limit` are counted in its window; else refuses. */
  claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult>;
  /** Gives back one counted request (one that must not count after all). */
  release(key: string): Promise<void>;
  /** Drops finished windows. */
  sweep(now: number): Promise<void>;
}

export class MemoryRequestLimitStore implements RequestLimitStore {
  private readonly rows = new Map<string, { count: number; windowEnd: number }>();

  async claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult> {
    let c = this.rows.get(key);
    if (!c || c.windowEnd <= now) {
      c = { count: 0, windowEnd: now + windowMs };
      this.rows.set(key, c);
    }
    if (c.count >= limit) return { allowed: false, retryAfter: retryAfterSeconds(c.windowEnd, now) };
    c.count += 1;
    return { allowed: true, retryAfter: 0 };
  }

  async release(key: string): Promise<void> {
    const c = this.rows.get(key);
    if (c && c.count > 0) c.count -= 1;
  }

  async sweep(now: number): Promise<void> {
    for (const [k, c] of this.rows) if (c.windowEnd <= now) this.rows.delete(k);
  }
}

/** PostgreSQL: the table `request_limits` (repositories/limits.ts). */
export class PgRequestLimitStore implements RequestLimitStore {
  constructor(private readonly t: Db) {}

  async claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult> {
    if (await claimRequestSlot(this.t, key, limit, windowMs, now)) return { allowed: true, retryAfter: 0 };
    const windowEnd = await requestWindowEnd(this.t, key);
    return { allowed: false, retryAfter: retryAfterSeconds(windowEnd ?? now + windowMs, now) };
  }

  async release(key: string): Promise<void> {
    await releaseRequestSlot(this.t, key);
  }

  async sweep(now: number): Promise<void> {
    await sweepRequestLimits(this.t, now);
  }
}

/** Shared through the database on PostgreSQL; in memory for the single SQLite process. */
const requestStores = new WeakMap<Db, RequestLimitStore>();

/** One store per database, so a limit counts the same requests whichever API they come through. */
export function requestLimitStoreFor(t: Db): RequestLimitStore {
  let store = requestStores.get(t);
  if (!store) {
    store = t.dialect === 'postgres' ? new PgRequestLimitStore(t) : new MemoryRequestLimitStore();
    requestStores.set(t, store);
  }
  return store;
}

/** One limit: `limit` requests per key and window, its keys apart from other limits' in the store. */
export class WindowLimiter {
  private lastSweep = 0;

  constructor(
    private readonly store: RequestLimitStore,
    private readonly name: string,
    /** The allowance, or a function read at each request (a setting that may change live). */
    private readonly allowance: number | (() => number),
    readonly windowMs: number,
  ) {}

  get limit(): number {
    return typeof this.allowance === 'function' ? this.allowance() : this.allowance;
  }

  /** Counts one request for `key`, or refuses it (nothing counted). */
  async take(key: string, now = Date.now()): Promise<LimitResult> {
    await this.sweep(now);
    return this.store.claim(this.storeKey(key), this.limit, this.windowMs, now);
  }

  /** Gives back a request `take` counted (one that was refused further on and must not count). */
  async giveBack(key: string): Promise<void> {
    await this.store.release(this.storeKey(key));
  }

  private storeKey(key: string): string {
    return `${this.name}\n${key}`;
  }

  // Drop finished windows now and then so the counters do not grow with every address ever seen.
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    await this.store.sweep(now);
  }
}

/** "Report a problem" messages allowed per address (signed in or not) in one window. */
export const FEEDBACK_LIMIT = { perAddress: 10, windowMs: 60 * 60_000 } as const;

/**
 * Claims one request on each limiter for its key, in order; when one refuses, the claims already
 * made are given back and its refusal is answered.
 */
export async function takeEach(claims: readonly [WindowLimiter, string][]): Promise<LimitResult> {
  const taken: [WindowLimiter, string][] = [];
  for (const [limiter, key] of claims) {
    const r = await limiter.take(key);
    if (!r.allowed) {
      for (const [l, k] of taken) await l.giveBack(k);
      return r;
    }
    taken.push([limiter, key]);
  }
  return { allowed: true, retryAfter: 0 };
}

/**
 * Password reset requests (each may send a mail): per address, per email asked for and per
 * account reached, whichever way it was named. Confirmations (each a guess at a code) per address.
 */
export const RESET_LIMIT = {
  perAddress: 10,
  perEmail: 3,
  perAccount: 3,
  windowMs: 60 * 60_000,
  confirmsPerAddress: 10,
  confirmWindowMs: 15 * 60_000,
} as const;

/**
 * Invitation codes: every check and every redemption from an address counts, right or wrong. A
 * friend needs two or three; with 256-bit codes guessing is hopeless anyway, this keeps it cheap.
 */
export const INVITATION_LIMIT = { perAddress: 20, windowMs: 60 * 60_000 } as const;

/**
 * Recommender feedback events: a player sends about ten per work listened to (start, minutes and
 * progress milestones), so a listener stays far below these.
 */
export const RECOMMENDER_LIMIT = { perViewer: 120, perAddress: 600, windowMs: 60 * 60_000 } as const;
