/**
 * A fixed-window counter per key, in memory. Used for login attempts (loginGuard.ts) and for the
 * guest account's traffic. One process counts its own requests; several instances
 * behind a balancer each allow the limit (docs/accounts.md).
 */
export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window of this key ends. */
  retryAfter: number;
}

export class WindowLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one hit for the key and tells whether it is within the limit. */
  hit(key: string, now = Date.now()): LimitResult {
    this.sweep(now);
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    return { allowed: entry.count <= this.limit, retryAfter: Math.ceil((entry.resetAt - now) / 1000) };
  }

  /** Whether one more hit would be allowed, without counting it. */
  check(key: string, now = Date.now()): LimitResult {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) return { allowed: true, retryAfter: 0 };
    return { allowed: entry.count < this.limit, retryAfter: Math.ceil((entry.resetAt - now) / 1000) };
  }

  /** Forgets a key (a successful login clears the failures of that name). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  // Drop finished windows now and then so the map does not grow with every address ever seen.
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

/** "Report a problem" messages allowed per address (signed in or not) in one window. */
export const FEEDBACK_LIMIT = { perAddress: 10, windowMs: 60 * 60_000 } as const;
