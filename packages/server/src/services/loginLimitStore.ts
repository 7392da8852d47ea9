/**
 * Where the sign-in limits keep their counters (loginGuard.ts holds the rules). One process on
 * SQLite keeps them in memory; on PostgreSQL they live in the table `login_limits`, so every
 * instance behind a balancer draws on the same allowance. Each change is one atomic statement:
 * a slot is claimed with a conditional upsert, never read first and written later.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { LimitResult } from './rateLimit.ts';

export interface Counter {
  count: number;
  windowEnd: number;
  nextTryAt: number;
}

export interface LoginLimitStore {
  /** Counts one attempt on `key` if fewer than `limit` are counted in its window. */
  claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult>;
  /** Gives back one counted attempt (a success that must not count). */
  release(key: string): Promise<void>;
  /** Counts one attempt unconditionally; returns the counter after it. */
  bump(key: string, windowMs: number, now: number): Promise<Counter>;
  /** Pushes the counter's `nextTryAt` (and its window end) to at least `at`. */
  holdUntil(key: string, at: number): Promise<void>;
  /** Keeps `key` alive until `until` (count 0). */
  mark(key: string, until: number): Promise<void>;
  /** The counter while its window lasts. */
  read(key: string, now: number): Promise<Counter | undefined>;
  remove(key: string): Promise<void>;
  /** Drops finished windows. */
  sweep(now: number): Promise<void>;
}

const retryAfter = (windowEnd: number, now: number) => Math.max(1, Math.ceil((windowEnd - now) / 1000));

export class MemoryLoginLimitStore implements LoginLimitStore {
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

  async release(key: string): Promise<void> {
    const c = this.rows.get(key);
    if (c && c.count > 0) c.count -= 1;
  }

  async bump(key: string, windowMs: number, now: number): Promise<Counter> {
    let c = this.live(key, now);
    if (!c) {
      c = { count: 0, windowEnd: now + windowMs, nextTryAt: 0 };
      this.rows.set(key, c);
    }
    c.count += 1;
    return { ...c };
  }

  async holdUntil(key: string, at: number): Promise<void> {
    const c = this.rows.get(key);
    if (!c) return;
    c.nextTryAt = Math.max(c.nextTryAt, at);
    c.windowEnd = Math.max(c.windowEnd, at);
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

interface Row {
  count: number;
  window_end: number;
  next_try_at: number;
}
const counter = (r: Row): Counter => ({
  count: Number(r.count),
  windowEnd: Number(r.window_end),
  nextTryAt: Number(r.next_try_at),
});

/** PostgreSQL: the table `login_limits` (migration `005_login_limits`). */
export class PgLoginLimitStore implements LoginLimitStore {
  constructor(private readonly t: Db) {}

  async claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult> {
    // A finished window starts over at 1; a live one counts up only below the limit. A row that
    // is full stays untouched and returns nothing: refused.
    const claimed = await sql<Row>`
      insert into login_limits as l (key, count, window_end, next_try_at)
      values (${key}, 1, ${now + windowMs}, 0)
      on conflict (key) do update set
        count = case when l.window_end <= ${now} then 1 else l.count + 1 end,
        window_end = case when l.window_end <= ${now} then ${now + windowMs} else l.window_end end,
        next_try_at = case when l.window_end <= ${now} then 0 else l.next_try_at end
      where l.window_end <= ${now} or l.count < ${limit}
      returning count, window_end, next_try_at`.execute(this.t.db);
    if (claimed.rows.length) return { allowed: true, retryAfter: 0 };
    const c = await this.read(key, now);
    return { allowed: false, retryAfter: retryAfter(c?.windowEnd ?? now, now) };
  }

  async release(key: string): Promise<void> {
    await sql`update login_limits set count = count - 1 where key = ${key} and count > 0`.execute(this.t.db);
  }

  async bump(key: string, windowMs: number, now: number): Promise<Counter> {
    const r = await sql<Row>`
      insert into login_limits as l (key, count, window_end, next_try_at)
      values (${key}, 1, ${now + windowMs}, 0)
      on conflict (key) do update set
        count = case when l.window_end <= ${now} then 1 else l.count + 1 end,
        window_end = case when l.window_end <= ${now} then ${now + windowMs} else l.window_end end,
        next_try_at = case when l.window_end <= ${now} then 0 else l.next_try_at end
      returning count, window_end, next_try_at`.execute(this.t.db);
    return counter(r.rows[0] as Row);
  }

  async holdUntil(key: string, at: number): Promise<void> {
    await sql`update login_limits set next_try_at = greatest(next_try_at, ${at}),
      window_end = greatest(window_end, ${at}) where key = ${key}`.execute(this.t.db);
  }

  async mark(key: string, until: number): Promise<void> {
    await sql`insert into login_limits (key, count, window_end, next_try_at) values (${key}, 0, ${until}, 0)
      on conflict (key) do update set count = 0, window_end = excluded.window_end, next_try_at = 0`.execute(
      this.t.db,
    );
  }

  async read(key: string, now: number): Promise<Counter | undefined> {
    const r = await sql<Row>`select count, window_end, next_try_at from login_limits
      where key = ${key} and window_end > ${now}`.execute(this.t.db);
    return r.rows[0] && counter(r.rows[0]);
  }

  async remove(key: string): Promise<void> {
    await sql`delete from login_limits where key = ${key}`.execute(this.t.db);
  }

  async sweep(now: number): Promise<void> {
    await sql`delete from login_limits where window_end <= ${now}`.execute(this.t.db);
  }
}

/** Shared through the database on PostgreSQL; in memory for the single SQLite process. */
export function loginLimitStoreFor(t: Db): LoginLimitStore {
  return t.dialect === 'postgres' ? new PgLoginLimitStore(t) : new MemoryLoginLimitStore();
}
