/**
 * The counters of the request and sign-in limits on PostgreSQL: the tables `request_limits`
 * (migration `006_request_limits`) and `login_limits` (`005_login_limits`). Each change is one
 * atomic statement: a slot (or a backoff step) is claimed with a conditional upsert, never read
 * first and written later, so instances behind a balancer draw on one allowance. The rules (which
 * key, which limit, the backoff policy) are the services' (services/rateLimit.ts,
 * services/loginLimitStore.ts, services/loginGuard.ts); SQLite keeps its counters in memory.
 */
import { sql } from 'kysely';
import type { Queryable } from './queryable.ts';

/**
 * Counts one request on `key` unless its live window is full: a finished window starts over at 1,
 * a live one counts up only below the limit. True when counted; a full row stays untouched.
 */
export async function claimRequestSlot(
  db: Queryable,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<boolean> {
  const claimed = await sql`
      insert into request_limits as l (key, count, window_end)
      values (${key}, 1, ${now + windowMs})
      on conflict (key) do update set
        count = case when l.window_end <= ${now} then 1 else l.count + 1 end,
        window_end = case when l.window_end <= ${now} then ${now + windowMs} else l.window_end end
      where l.window_end <= ${now} or l.count < ${limit}
      returning 1`.execute(db);
  return claimed.rows.length > 0;
}

/** When the window of `key` ends (epoch ms), or undefined without a row. */
export async function requestWindowEnd(db: Queryable, key: string): Promise<number | undefined> {
  const r = await sql<{ window_end: string | number }>`select window_end from request_limits
      where key = ${key}`.execute(db);
  return r.rows[0] ? Number(r.rows[0].window_end) : undefined;
}

export async function releaseRequestSlot(db: Queryable, key: string): Promise<void> {
  await sql`update request_limits set count = count - 1 where key = ${key} and count > 0`.execute(db);
}

export async function sweepRequestLimits(db: Queryable, now: number): Promise<void> {
  await sql`delete from request_limits where window_end <= ${now}`.execute(db);
}

/** A sign-in counter as stored. */
export interface LoginLimitRow {
  count: number;
  window_end: number;
  next_try_at: number;
}

/** As claimRequestSlot, on `login_limits`: a finished window also drops its wait. */
export async function claimLoginSlot(
  db: Queryable,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<boolean> {
  const claimed = await sql<LoginLimitRow>`
      insert into login_limits as l (key, count, window_end, next_try_at)
      values (${key}, 1, ${now + windowMs}, 0)
      on conflict (key) do update set
        count = case when l.window_end <= ${now} then 1 else l.count + 1 end,
        window_end = case when l.window_end <= ${now} then ${now + windowMs} else l.window_end end,
        next_try_at = case when l.window_end <= ${now} then 0 else l.next_try_at end
      where l.window_end <= ${now} or l.count < ${limit}
      returning count, window_end, next_try_at`.execute(db);
  return claimed.rows.length > 0;
}

/** Gives back one counted attempt; a counter left below `holdsFrom` drops its wait. */
export async function releaseLoginSlot(db: Queryable, key: string, holdsFrom: number): Promise<void> {
  await sql`update login_limits set count = count - 1,
      next_try_at = case when count - 1 < ${holdsFrom} then 0 else next_try_at end
      where key = ${key} and count > 0`.execute(db);
}

/** The backoff of sign-in attempts: the wait of the `count`th attempt (loginLimitStore.ts). */
export interface LoginBackoff {
  windowMs: number;
  /** The count from which each attempt starts a wait. */
  after: number;
  maxWaitMs: number;
  /** The wait the first attempt of a new window starts (0 unless `after` is 1 or less). */
  firstWaitMs: number;
}

/**
 * One conditional upsert, as in claimLoginSlot: a waiting counter is left untouched and returns
 * no row (refused, unless `exempt`); otherwise it counts up and, past the threshold, pushes its
 * wait. The wait is the formula of loginLimitStore.ts backoffWaitMs, in SQL. True when counted.
 */
export async function claimLoginBackoff(
  db: Queryable,
  key: string,
  policy: LoginBackoff,
  now: number,
  exempt: boolean,
): Promise<boolean> {
  const finished = sql`l.window_end <= ${now}`;
  const count = sql`(case when ${finished} then 1 else l.count + 1 end)`;
  const held = sql`(case when ${finished} then 0 else l.next_try_at end)`;
  const wait = sql`least(${policy.maxWaitMs}::bigint,
      (1000 * power(2, least(${count} - ${policy.after}, 16)))::bigint)`;
  const nextTry = sql`(case when ${count} >= ${policy.after} then greatest(${held}, ${now}::bigint + ${wait})
      else ${held} end)`;
  const firstWait = policy.firstWaitMs;
  const claimed = await sql`
      insert into login_limits as l (key, count, window_end, next_try_at)
      values (${key}, 1, ${now + Math.max(policy.windowMs, firstWait)}, ${firstWait ? now + firstWait : 0})
      on conflict (key) do update set
        count = ${count},
        next_try_at = ${nextTry},
        window_end = greatest(case when ${finished} then ${now + policy.windowMs}::bigint else l.window_end end, ${nextTry})
      where ${finished} or l.next_try_at <= ${now} or ${exempt}
      returning 1`.execute(db);
  return claimed.rows.length > 0;
}

/** Keeps `key` alive until `until`, with nothing counted. */
export async function markLoginKey(db: Queryable, key: string, until: number): Promise<void> {
  await sql`insert into login_limits (key, count, window_end, next_try_at) values (${key}, 0, ${until}, 0)
      on conflict (key) do update set count = 0, window_end = excluded.window_end, next_try_at = 0`.execute(
    db,
  );
}

/** The counter of `key` while its window lasts. */
export async function liveLoginCounter(
  db: Queryable,
  key: string,
  now: number,
): Promise<LoginLimitRow | undefined> {
  const r = await sql<LoginLimitRow>`select count, window_end, next_try_at from login_limits
      where key = ${key} and window_end > ${now}`.execute(db);
  return r.rows[0];
}

export async function deleteLoginKey(db: Queryable, key: string): Promise<void> {
  await sql`delete from login_limits where key = ${key}`.execute(db);
}

export async function sweepLoginLimits(db: Queryable, now: number): Promise<void> {
  await sql`delete from login_limits where window_end <= ${now}`.execute(db);
}
