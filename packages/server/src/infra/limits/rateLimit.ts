/**
 * Fixed-window request limits: the guest account's traffic, "report a problem" messages,
 * registrations, reset requests, invitations and recommender events (sign-in limits have their
 * own rules in loginGuard.ts). Each is a `WindowLimiter` over the one counter store
 * (counterStore.ts: in memory on SQLite, shared through PostgreSQL; docs/security.md,
 * "Request limits").
 */
import type { CounterStore, LimitResult } from './counterStore.ts';

export { counterStoreFor, type LimitResult } from './counterStore.ts';

/** One limit: `limit` requests per key and window, its keys apart from other limits' in the store. */
export class WindowLimiter {
  private lastSweep = 0;

  constructor(
    private readonly store: CounterStore,
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

/** Community subtitle uploads (services/subtitles.ts): per address, besides the per-account daily cap. */
export const SUBTITLE_UPLOAD_WINDOW_MS = 60 * 60_000;

/**
 * Recommender feedback events: a player sends about ten per work listened to (start, minutes and
 * progress milestones), so a listener stays far below these.
 */
export const RECOMMENDER_LIMIT = { perViewer: 120, perAddress: 600, windowMs: 60 * 60_000 } as const;
