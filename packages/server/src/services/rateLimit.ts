/**
 * Fixed-window request limits: the guest account's traffic and "report a problem" messages
 * (sign-in limits have their own rules in loginGuard.ts). The counters live in a
 * `RequestLimitStore`: in memory on SQLite, which is one process; in the table `request_limits`
 * on PostgreSQL, so every instance behind a balancer draws on one allowance
 * (docs/security.md, "Request limits").
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

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

/** PostgreSQL: the table `request_limits` (migration `006_request_limits`). */
export class PgRequestLimitStore implements RequestLimitStore {
  constructor(private readonly t: Db) {}

  async claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult> {
    // One statement: a finished window starts over at 1, a live one counts up only below the
    // limit. A full row stays untouched and returns nothing: refused.
    const claimed = await sql`
      insert into request_limits as l (key, count, window_end)
      values (${key}, 1, ${now + windowMs})
      on conflict (key) do update set
        count = case when l.window_end <= ${now} then 1 else l.count + 1 end,
        window_end = case when l.window_end <= ${now} then ${now + windowMs} else l.window_end end
      where l.window_end <= ${now} or l.count < ${limit}
      returning 1`.execute(this.t.db);
    if (claimed.rows.length) return { allowed: true, retryAfter: 0 };
    const r = await sql<{ window_end: string | number }>`select window_end from request_limits
      where key = ${key}`.execute(this.t.db);
    return {
      allowed: false,
      retryAfter: retryAfterSeconds(Number(r.rows[0]?.window_end ?? now + windowMs), now),
    };
  }

  async release(key: string): Promise<void> {
    await sql`update request_limits set count = count - 1 where key = ${key} and count > 0`.execute(
      this.t.db,
    );
  }

  async sweep(now: number): Promise<void> {
    await sql`delete from request_limits where window_end <= ${now}`.execute(this.t.db);
  }
}

/** Shared through the database on PostgreSQL; in memory for the single SQLite process. */
export function requestLimitStoreFor(t: Db): RequestLimitStore {
  return t.dialect === 'postgres' ? new PgRequestLimitStore(t) : new MemoryRequestLimitStore();
}

/** One limit: `limit` requests per key and window, its keys apart from other limits' in the store. */
export class WindowLimiter {
  private lastSweep = 0;

  constructor(
    private readonly store: RequestLimitStore,
    private readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

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
