/**
 * Every operation of the API under hostile input, as anonymous, guest and user: no answer is a
 * 5xx and the server is healthy afterwards. `npm run test:hardening` runs ten times more requests
 * (HARDENING_LONG=1); FUZZ_SEED replays a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { seedUser, seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { hostileRequests, operationsOf, type Principal } from './hostileRequests.ts';

const LONG = !!process.env.HARDENING_LONG;
const REQUESTS = LONG ? 10_000 : 1_000;
const SEED = Number(process.env.FUZZ_SEED) || Date.now() % 1_000_000;

describe.each(DIALECTS)('hostile requests on %s', (dialect) => {
  let ta: TestApp;
  const auth: Record<Principal, Record<string, string>> = { anonymous: {}, guest: {}, user: {} };
  beforeAll(async () => {
    ta = await startTestApp(dialect, { guestRateLimitPerMinute: 1_000_000 });
    await seedWorks(ta.db, [{ id: 1441165, title: '耳かき', tags: [{ id: 1, name: '癒し' }] }]);
    // The shared guest account exists from the start.
    const guest = await ta.db
      .selectFrom('users')
      .select('id')
      .where('grp', '=', 'guest')
      .executeTakeFirstOrThrow();
    auth.guest = { authorization: `Bearer ${await tokenFor(ta, guest.id)}` };
    auth.user = { authorization: `Bearer ${await tokenFor(ta, await seedUser(ta.db, 'fuzzuser'))}` };
  });
  afterAll(() => ta.close());

  it(
    `answers ${REQUESTS} hostile requests over every operation without a 5xx`,
    async () => {
      const ops = operationsOf(ta.app);
      expect(ops.length).toBeGreaterThan(50);
      const failures: string[] = [];
      const seen = new Set<string>();
      for (const r of hostileRequests(ops, REQUESTS, SEED)) {
        seen.add(`${r.method} ${r.url.split('?')[0]}`);
        const res = await ta.app.inject({
          method: r.method as 'GET',
          url: r.url,
          headers: auth[r.who],
          ...(r.payload === undefined ? {} : { payload: JSON.stringify(r.payload) }),
          ...(r.payload === undefined
            ? {}
            : { headers: { ...auth[r.who], 'content-type': 'application/json' } }),
        });
        if (res.statusCode >= 500) {
          failures.push(
            `${res.statusCode} ${r.who} ${r.method} ${r.url.slice(0, 200)} ${JSON.stringify(r.payload)?.slice(0, 200)} → ${res.body.slice(0, 200)}`,
          );
        }
      }
      expect(failures, `seed ${SEED}`).toEqual([]);
      // Still healthy: the health check and a works page answer normally.
      expect((await ta.app.inject({ method: 'GET', url: '/api/health' })).body).toBe('OK');
      expect((await ta.app.inject({ method: 'GET', url: '/api/works' })).statusCode).toBe(200);
    },
    LONG ? 600_000 : 60_000,
  );
});
