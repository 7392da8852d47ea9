/**
 * The counters of every limit on PostgreSQL: the table `limit_counters` (migration
 * `100_limit_counters`). Each change is one atomic statement: a slot (or a backoff step) is
 * claimed with a conditional upsert, never read first and written later, so instances behind a
 * balancer draw on one allowance. The rules (which key, which limit, the backoff policy) are
 * infra/limits/rateLimit.ts and infra/limits/loginGuard.ts, over infra/limits/counterStore.ts;
 * SQLite keeps its counters in memory.
 */
import { sql } from 'kysely';
import type { Queryable } from './queryable.ts';

/** A counter as stored. */
export interface CounterRow {
  count: number;
  window_end: number;
  next_try_at: number;
}

/**
 * Counts one on `key` unless its live window is full: a finished window starts over at 1 (and
 * drops its wait), a live one counts up only below the limit. True when counted; a full row stays
 * untouched.
 */
export async function claimSlot(
  db: Queryable,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<boolean> {
  const claimed = await sql<CounterRow>`
      insert into limit_counters as l (key, count, window_end, next_try_at)
      values (${key}, 1, ${now + windowMs}, 0)
      on conflict (key) do update set
        count = case when l.window_end <= ${now} then 1 else l.count + 1 end,
        window_end = case when l.window_end <= ${now} then ${now + windowMs} else l.window_end end,
        next_try_at = case when l.window_end <= ${now} then 0 else l.next_try_at end
      where l.window_end <= ${now} or l.count < ${limit}
      returning count, window_end, next_try_at`.execute(db);
  return claimed.rows.length > 0;
}

/** Gives back one count; a counter left below `holdsFrom` drops its wait. */
export async function releaseSlot(db: Queryable, key: string, holdsFrom: number): Promise<void> {
  await sql`update limit_counters set count = count - 1,
      next_try_at = case when count - 1 < ${holdsFrom} then 0 else next_try_at end
      where key = ${key} and count > 0`.execute(db);
}

/** A backoff: the wait of the `count`th attempt (counterStore.ts). */
export interface Backoff {
  windowMs: number;
  /** The count from which each attempt starts a wait. */
  after: number;
  maxWaitMs: number;
  /** The wait the first attempt of a new window starts (0 unless `after` is 1 or less). */
  firstWaitMs: number;
}

/**
 * One conditional upsert, as in claimSlot: a waiting counter is left untouched and returns
 * no row (refused, unless `exempt`); otherwise it counts up and, past the threshold, pushes its
 * wait. The wait is the formula of counterStore.ts backoffWaitMs, in SQL. True when counted.
 */
export async function claimBackoff(
  db: Queryable,
  key: string,
  policy: Backoff,
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
      insert into limit_counters as l (key, count, window_end, next_try_at)
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
export async function markKey(db: Queryable, key: string, until: number): Promise<void> {
  await sql`insert into limit_counters (key, count, window_end, next_try_at) values (${key}, 0, ${until}, 0)
      on conflict (key) do update set count = 0, window_end = excluded.window_end, next_try_at = 0`.execute(
    db,
  );
}

/** The counter of `key` while its window lasts. */
export async function liveCounter(db: Queryable, key: string, now: number): Promise<CounterRow | undefined> {
  const r = await sql<CounterRow>`select count, window_end, next_try_at from limit_counters
      where key = ${key} and window_end > ${now}`.execute(db);
  return r.rows[0];
}

export async function deleteKey(db: Queryable, key: string): Promise<void> {
  await sql`delete from limit_counters where key = ${key}`.execute(db);
}

export async function sweepCounters(db: Queryable, now: number): Promise<void> {
  await sql`delete from limit_counters where window_end <= ${now}`.execute(db);
}
