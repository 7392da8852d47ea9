/**
 * Where the sign-in limits keep their counters (loginGuard.ts holds the rules). One process on
 * SQLite keeps them in memory; on PostgreSQL they live in the table `login_limits`, so every
 * instance behind a balancer draws on the same allowance. Each change is one atomic statement:
 * a slot (or a backoff step) is claimed with a conditional upsert, never read first and written
 * later.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { type LimitResult, retryAfterSeconds as retryAfter } from './rateLimit.ts';

export interface Counter {
  count: number;
  windowEnd: number;
  nextTryAt: number;
}

export interface LoginLimitStore {
  /** Counts one attempt on `key` if fewer than `limit` are counted in its window. */
  claim(key: string, limit: number, windowMs: number, now: number): Promise<LimitResult>;
  /**
   * Gives back one counted attempt (a success that must not count). A counter left below
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

  async release(key: string, holdsFrom = 2 ** 31 - 1): Promise<void> {
    await sql`update login_limits set count = count - 1,
      next_try_at = case when count - 1 < ${holdsFrom} then 0 else next_try_at end
      where key = ${key} and count > 0`.execute(this.t.db);
  }

  async claimBackoff(key: string, policy: BackoffPolicy, now: number, exempt: boolean): Promise<LimitResult> {
    // One conditional upsert, as in `claim`: a waiting counter is left untouched and returns no
    // row (refused); otherwise it counts up and, past the threshold, pushes its wait. The wait
    // is the formula of backoffWaitMs, in SQL.
    const finished = sql`l.window_end <= ${now}`;
    const count = sql`(case when ${finished} then 1 else l.count + 1 end)`;
    const held = sql`(case when ${finished} then 0 else l.next_try_at end)`;
    const wait = sql`least(${policy.maxWaitMs}::bigint,
      (1000 * power(2, least(${count} - ${policy.after}, 16)))::bigint)`;
    const nextTry = sql`(case when ${count} >= ${policy.after} then greatest(${held}, ${now}::bigint + ${wait})
      else ${held} end)`;
    const firstWait = backoffWaitMs(1, policy);
    const claimed = await sql`
      insert into login_limits as l (key, count, window_end, next_try_at)
      values (${key}, 1, ${now + Math.max(policy.windowMs, firstWait)}, ${firstWait ? now + firstWait : 0})
      on conflict (key) do update set
        count = ${count},
        next_try_at = ${nextTry},
        window_end = greatest(case when ${finished} then ${now + policy.windowMs}::bigint else l.window_end end, ${nextTry})
      where ${finished} or l.next_try_at <= ${now} or ${exempt}
      returning 1`.execute(this.t.db);
    if (claimed.rows.length) return { allowed: true, retryAfter: 0 };
    const c = await this.read(key, now);
    return { allowed: false, retryAfter: retryAfter(c?.nextTryAt ?? now, now) };
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
