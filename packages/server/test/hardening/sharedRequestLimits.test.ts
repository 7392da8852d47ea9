/**
 * Request limits across instances (docs/security.md, "Request limits"): the guest account's
 * traffic and "report a problem" messages, raced over two app instances on one PostgreSQL
 * schema, are allowed the limit once in all, not once per instance. PostgreSQL only: on SQLite
 * (one process) the counters stay in memory, as test/auth/rateLimit.test.ts and
 * test/feedback/feedback.test.ts check.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_LIMIT } from '../../src/infra/limits/rateLimit.ts';
import { CATALOGUE } from '../auth/fixtures.ts';
import { DIALECTS, openTestDb, pgAvailable } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { bearer } from '../helpers/testApp.ts';
import { startTwoInstances, statusCounts, type TwoInstances } from './twoInstances.ts';

const GUEST_LIMIT = 7;

describe.skipIf(!pgAvailable)('request limits shared by two instances on PostgreSQL', () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances({ guestRateLimitPerMinute: GUEST_LIMIT });
    await seedWorks(two.a.db, CATALOGUE);
  });
  afterAll(async () => {
    await two?.close();
  });

  it('allows the guest account its traffic limit once in all, racing on both instances', async () => {
    const login = await two.a.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'guest', password: 'guest' },
      remoteAddress: '10.30.0.1',
    });
    const guest = bearer(login.json().token as string);
    const n = GUEST_LIMIT * 3;
    const counts = await statusCounts(n, (i) =>
      two.inject(i, { url: '/api/health', headers: guest, remoteAddress: '10.30.0.1' }),
    );
    expect(counts).toEqual({ 200: GUEST_LIMIT, 429: n - GUEST_LIMIT });
    // The limit is per address: the guest elsewhere is not affected.
    const elsewhere = await two.b.app.inject({
      url: '/api/health',
      headers: guest,
      remoteAddress: '10.30.0.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('stores the per-address limit of problem reports once in all, racing on both instances', async () => {
    const n = FEEDBACK_LIMIT.perAddress * 2 + 3;
    const counts = await statusCounts(n, (i) =>
      two.inject(i, {
        method: 'POST',
        url: '/api/feedback',
        payload: { work_id: 100001, category: 'other', details: `race ${i}` },
        remoteAddress: '10.31.0.1',
      }),
    );
    expect(counts).toEqual({ 200: FEEDBACK_LIMIT.perAddress, 429: n - FEEDBACK_LIMIT.perAddress });
    const stored = await sql<{ n: string }>`select count(*) as n from feedback`.execute(two.a.db);
    expect(Number(stored.rows[0]?.n)).toBe(FEEDBACK_LIMIT.perAddress);
  });

  it('gives back the slot of a report that is refused, on either instance', async () => {
    const send = (i: number, workId: number) =>
      two.inject(i, {
        method: 'POST',
        url: '/api/feedback',
        payload: { work_id: workId, category: 'other', details: 'x' },
        remoteAddress: '10.31.0.2',
      });
    for (let i = 0; i < FEEDBACK_LIMIT.perAddress; i++) expect((await send(i, 999_999)).statusCode).toBe(404);
    for (let i = 0; i < FEEDBACK_LIMIT.perAddress; i++) expect((await send(i, 100001)).statusCode).toBe(200);
    expect((await send(0, 100001)).statusCode).toBe(429);
  });
});

describe.each(DIALECTS)('request limit counters (%s)', (dialect) => {
  it('live in the one table limit_counters on PostgreSQL only (request_limits is gone)', async () => {
    const t = await openTestDb(dialect);
    try {
      const tables =
        dialect === 'postgres'
          ? await sql<{ name: string }>`select table_name as name from information_schema.tables
              where table_schema = ${t.pgSchema} and table_name like '%limit%'`.execute(t)
          : await sql<{ name: string }>`select name from sqlite_master where name like '%limit%'`.execute(t);
      expect(tables.rows.map((r) => r.name)).toEqual(dialect === 'postgres' ? ['limit_counters'] : []);
    } finally {
      await t.close();
    }
  });
});
